/**
 * The tools of the MCP server at /mcp (server/api/mcp/), as plain data: /llms.txt and the /Api
 * page list them from here, and the server describes each tool with these words. The server's
 * zod schemas carry the same inputs; tests/server/api/mcp.test.ts lists the tools with the SDK's
 * client and checks that every input here is in the schema it serves (name, type, required).
 */

export interface McpToolInput {
  name: string;
  type: 'string' | 'integer' | 'boolean' | 'array';
  required: boolean;
  description: string;
}

export interface McpToolDoc {
  name: string;
  title: string;
  description: string;
  inputs: readonly McpToolInput[];
}

/** Longest page any tool gives (page × size stays within MCP_MAX_DEPTH). */
export const MCP_MAX_PAGE_SIZE = 100;
/** How deep a paged list can be read, in rows from its start (as the REST API's lists). */
export const MCP_MAX_DEPTH = 10_000;
/** The MCP server's name in its initialize answer. */
export const MCP_SERVER_NAME = 'ruby-explorer';

const page: McpToolInput = { name: 'page', type: 'integer', required: false, description: 'page number, from 1 (default 1)' };
const size = (dflt: number): McpToolInput => ({
  name: 'size',
  type: 'integer',
  required: false,
  description: `rows per page, 1 to ${MCP_MAX_PAGE_SIZE} (default ${dflt})`,
});
const address = (what: string): McpToolInput => ({
  name: 'address',
  type: 'string',
  required: true,
  description: `${what}: r… or 0x… followed by 40 hex digits, any case`,
});

export const MCP_TOOLS: readonly McpToolDoc[] = [
  {
    name: 'get_block',
    title: 'Get a block',
    description: 'One block by number or hash: hash, parent, time, miner, gas, fees, and one page of its transactions.',
    inputs: [{ name: 'block', type: 'string', required: true, description: 'block number (decimal) or 0x block hash' }, page, size(25)],
  },
  {
    name: 'get_transaction',
    title: 'Get a transaction',
    description:
      'One transaction: status, parties, value, fee, decoded input, a plain-words summary of what it did, its token transfers and internal calls (first 100 of each), and its state changes (balances, nonces, token balances, storage before → after).',
    inputs: [{ name: 'hash', type: 'string', required: true, description: 'transaction hash: 0x followed by 64 hex digits' }],
  },
  {
    name: 'get_address',
    title: 'Get an address',
    description:
      'An address: its coin balance (live from the node), transaction count, first and last transaction, the tokens it holds, whether it is a contract, and one page of its transactions, newest first.',
    inputs: [address('the address'), page, size(10)],
  },
  {
    name: 'get_token',
    title: 'Get a token',
    description:
      'An RBC20 token or NFT collection: name, symbol, decimals, total supply, holders, transfers, verification, and one page of its transfers, newest first.',
    inputs: [address('the token contract'), page, size(10)],
  },
  {
    name: 'search',
    title: 'Search',
    description:
      'What a term names (a block number or hash, a transaction hash, an address or its public name tag), and the named contracts and tokens whose name, symbol or tag contains it (at most 20).',
    inputs: [{ name: 'query', type: 'string', required: true, description: 'what to look for, 1 to 100 characters' }],
  },
  {
    name: 'get_logs',
    title: 'Get event logs',
    description:
      'Event logs in a block range, oldest first, by the emitting contract and/or topics (all given topics must match), one page at a time, decoded when the contract is verified or the event is a standard one.',
    inputs: [
      { name: 'address', type: 'string', required: false, description: 'the contract that emitted the logs (r… or 0x…)' },
      {
        name: 'topics',
        type: 'array',
        required: false,
        description: 'up to 4 topics (topic0 first), each 0x + 64 hex digits or null for any',
      },
      { name: 'fromBlock', type: 'integer', required: false, description: 'first block (default 0)' },
      { name: 'toBlock', type: 'integer', required: false, description: 'last block (default: the latest indexed)' },
      page,
      size(25),
    ],
  },
  {
    name: 'decode_calldata',
    title: 'Decode calldata',
    description:
      "A transaction's input data decoded: the function and its named, typed arguments, with the called contract's verified ABI, its proxy implementation's, or the standard token and DEX signatures.",
    inputs: [
      { name: 'data', type: 'string', required: true, description: 'the input data: 0x followed by hex (at least the 4-byte selector)' },
      {
        name: 'to',
        type: 'string',
        required: false,
        description: 'the contract called (r… or 0x…): its verified ABI is tried first; without it only standard signatures',
      },
    ],
  },
  {
    name: 'read_contract',
    title: 'Read a contract',
    description:
      "Calls a view or pure function of a verified contract at the latest block and returns its outputs decoded (integers as decimal strings, addresses r…), as the contract page's Read tab does.",
    inputs: [
      address('the verified contract'),
      {
        name: 'function',
        type: 'string',
        required: true,
        description: 'the function name, or its full signature when overloaded, e.g. balanceOf(address)',
      },
      {
        name: 'args',
        type: 'array',
        required: false,
        description: 'the arguments in order: addresses and integers as strings, booleans, arrays as JSON arrays (default none)',
      },
      {
        name: 'asProxy',
        type: 'boolean',
        required: false,
        description: "call through a proxy with its implementation's verified ABI (default false)",
      },
    ],
  },
];

export type McpToolName =
  'get_block' | 'get_transaction' | 'get_address' | 'get_token' | 'search' | 'get_logs' | 'decode_calldata' | 'read_contract';

/** One tool's documentation by name (every name of McpToolName is in MCP_TOOLS). */
export function mcpTool(name: McpToolName): McpToolDoc {
  const found = MCP_TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`MCP tool ${name} is not documented`);
  return found;
}
