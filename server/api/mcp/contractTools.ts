/**
 * Tools on contract code: decode calldata (server/services/inputData.ts, as the transaction page decodes
 * its input) and read a verified contract's view function (server/services/verifiedRead.ts, the contract
 * page's Read tab: the visitor lane of the node, gas-capped and timed out).
 */
import * as z from 'zod';
import { rubyAddress } from '../../core/format';
import { badRequest } from '../../core/http';
import { parseAddressParam } from '../../core/params';
import { decodeCall, decodeWith } from '../../services/inputData';
import { readContract } from '../../services/verifiedRead';
import { STANDARD_CALLS } from '../../indexer/decode';
import { guarded, text, toolConfig, type ToolModule, type ToolScope } from './toolkit';

/** Longest calldata taken, in hex characters (100 KB of bytes). */
const MAX_CALLDATA = 200_002;
const CALLDATA = /^0x(?:[0-9a-fA-F]{2}){4,}$/;

async function decodeCalldata({ ctx }: ToolScope, args: { data: string; to?: string | undefined }) {
  const data = args.data.trim();
  if (!CALLDATA.test(data)) throw badRequest('Invalid calldata: use 0x followed by hex bytes, at least the 4-byte selector');
  const input = data.toLowerCase();
  const to = args.to === undefined ? null : parseAddressParam(args.to.trim());
  const decoded = to ? (await decodeCall(ctx, to, input))?.data : decodeWith(STANDARD_CALLS, input, 'standard');
  return {
    to: to && rubyAddress(to),
    selector: input.slice(0, 10),
    decoded: decoded ?? null,
    ...(decoded
      ? {}
      : { message: `No known ABI has the selector ${input.slice(0, 10)}${to ? '' : ' (give `to` to try its verified ABI)'}` }),
  };
}

interface ReadArgs {
  address: string;
  function: string;
  args?: unknown[] | undefined;
  asProxy?: boolean | undefined;
}

async function read({ ctx }: ToolScope, args: ReadArgs) {
  const address = parseAddressParam(args.address.trim());
  const outputs = await readContract(ctx, address, args.function, args.args ?? [], args.asProxy ?? false);
  return { address: rubyAddress(address), function: args.function.trim(), outputs };
}

/** A read_contract argument: text, a number, a boolean, or an array of them. */
const ArgValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(10_000), z.number(), z.boolean()])).max(100),
]);

const DECODE = toolConfig('decode_calldata', (input) => ({
  data: text(MAX_CALLDATA).describe(input('data')),
  to: text(80).optional().describe(input('to')),
}));
const READ = toolConfig('read_contract', (input) => ({
  address: text(80).describe(input('address')),
  function: text(300).min(1).describe(input('function')),
  args: z.array(ArgValue).max(20).optional().describe(input('args')),
  asProxy: z.boolean().optional().describe(input('asProxy')),
}));

export const contractTools: ToolModule = (server, scope) => {
  server.registerTool(DECODE.name, DECODE.config, (args) => guarded(scope.ctx, DECODE.name, () => decodeCalldata(scope, args)));
  server.registerTool(READ.name, READ.config, (args) => guarded(scope.ctx, READ.name, () => read(scope, args)));
};
