/**
 * A transaction's call tree (/getTransactionCallTree/{hash}). Every frame the
 * transaction ran (CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT), in
 * execution order (pre-order: a frame, then its calls), each with its place in the tree (`path`),
 * the callee's name, the decoded function, arguments and output, and for a frame that failed its
 * revert decoded and, when the reverting code is verified, the source line of the REVERT.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash, NullableAddress, Ok, Wei } from './base';
import { InputArg, InputData } from './proxy';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** Why a reverted frame failed, decoded from its revert data. */
export const CallRevert = Type.Object(
  {
    kind: Type.Union([Type.Literal('error'), Type.Literal('panic'), Type.Literal('custom'), Type.Literal('unknown')], {
      description: 'error: Error(string) (require/revert with a message); panic: Panic(uint256); custom: a custom error of a verified ABI',
    }),
    message: Type.Optional(Type.String({ description: "Error(string)'s message" })),
    code: Type.Optional(Type.Integer({ description: "Panic's code (0x11: arithmetic overflow, …)" })),
    name: Type.Optional(Type.String({ description: "the custom error's name" })),
    signature: Type.Optional(Type.String()),
    args: Type.Optional(Type.Array(InputArg)),
    selector: Type.Optional(NullableString),
  },
  { description: 'the revert decoded (null when the frame did not revert, or reverted with no data)' },
);
export type CallRevert = Static<typeof CallRevert>;

/** The source line a verified contract reverted on (from the compiler's source map). */
export const RevertSource = Type.Object({
  address: Address,
  contractName: Type.String(),
  file: Type.String({ description: 'the source unit, as in the verified standard JSON input (or the single file)' }),
  line: Type.Integer({ description: '1-based line of the REVERT instruction' }),
  column: Type.Integer({ description: '1-based column' }),
  text: Type.String({ description: 'that line of the source, trimmed (at most 200 characters)' }),
  pc: Type.Integer({ description: 'the program counter of the REVERT in the runtime code' }),
});
export type RevertSource = Static<typeof RevertSource>;

export const CallFrame = Type.Object({
  path: Type.Array(Type.Integer(), { description: 'the position in the tree: [] the transaction, [0, 2] its first call’s third call' }),
  type: Type.String({ description: 'CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT' }),
  from: Address,
  to: NullableAddress,
  toName: NullableString,
  valueWei: Wei,
  gas: NullableString,
  gasUsed: NullableString,
  input: Type.String({ description: 'the call data (a creation shows only its length: inputBytes)' }),
  inputBytes: Type.Integer(),
  call: Type.Union([InputData, Type.Null()], { description: 'the function and arguments, decoded as the transaction input is' }),
  output: NullableString,
  outputDecoded: Type.Union([Type.Array(InputArg), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()], {
    description: "the node's reason the frame failed (execution reverted, out of gas, …)",
  }),
  revert: Type.Union([CallRevert, Type.Null()]),
  revertSource: Type.Union([RevertSource, Type.Null()]),
});
export type CallFrame = Static<typeof CallFrame>;

export const CallTree = Type.Object({
  hash: Hash,
  origin: Type.Union([Type.Literal('node'), Type.Literal('index')], {
    description:
      "node: the node's debug_traceTransaction callTracer; index: rebuilt from the indexed internal calls (the node does not trace)",
  }),
  complete: Type.Boolean({
    description: 'false: only the top frame is known (indexed without traces), or the tree was cut at the frame limit',
  }),
  revertSourceNote: Type.Union([Type.String(), Type.Null()], {
    description: 'why a reverted frame of verified code has no source line (the node gave no program counter, the compile failed…)',
  }),
  frames: Type.Array(CallFrame),
});
export type CallTree = Static<typeof CallTree>;

export const CallTreeResponse = Ok(CallTree);
export type CallTreeResponse = Static<typeof CallTreeResponse>;
