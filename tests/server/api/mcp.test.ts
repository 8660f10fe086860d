/**
 * The MCP server at /mcp with the SDK's own client over streamable HTTP, against a devnet: the
 * tools it lists (inputs as documented), each tool's answer compared with the node, and the
 * refusals of bad input as tool errors (isError), never a failed request.
 */
import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { MCP_TOOLS } from '../../../common/api/mcpTools';
import type { RawBlock, RawReceipt } from '../../../server/chain/types';
import { toHexQuantity } from '../../../server/chain/rpc';
import { callTool, startMcpWorld, toolError, type McpWorld } from './mcpFixture';

let w: McpWorld;
beforeAll(async () => {
  w = await startMcpWorld();
}, 300_000);
afterAll(async () => w?.close());

const ERC20 = new Interface([
  'function transfer(address to, uint256 amount)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** The newest block with a transaction, as the node has it. */
async function busyBlock(): Promise<RawBlock> {
  const head = Number(await w.chain.rpc.call<string>('eth_blockNumber', []));
  for (let n = head; n >= 0; n--) {
    const b = await w.chain.rpc.call<RawBlock>('eth_getBlockByNumber', [toHexQuantity(n), true]);
    if (b.transactions.length > 0) return b;
  }
  throw new Error('no transaction on the devnet');
}

describe('MCP tools with the SDK client', () => {
  it('lists every documented tool with its inputs (names, types, required) in its JSON schema', async () => {
    const { tools } = await w.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
    for (const doc of MCP_TOOLS) {
      const tool = tools.find((t) => t.name === doc.name);
      expect(tool?.description).toBe(doc.description);
      expect(tool?.annotations?.readOnlyHint).toBe(true);
      const props = tool?.inputSchema.properties ?? {};
      expect(Object.keys(props).sort(), doc.name).toEqual(doc.inputs.map((i) => i.name).sort());
      for (const input of doc.inputs) {
        const prop = props[input.name] as { type?: unknown; anyOf?: unknown; description?: string };
        expect(prop.description, `${doc.name}.${input.name}`).toBe(input.description);
        if (input.type !== 'array') expect(prop.type, `${doc.name}.${input.name}`).toBe(input.type);
        else expect(prop.type).toBe('array');
      }
      expect((tool?.inputSchema.required ?? []).sort()).toEqual(
        doc.inputs
          .filter((i) => i.required)
          .map((i) => i.name)
          .sort(),
      );
    }
  });

  it('get_block: the hash, parent and transactions the node has, by number and by hash, paged', async () => {
    const b = await busyBlock();
    const n = Number(b.number);
    type Answer = {
      block: { hash: string; parentHash: string; number: number };
      transactions: { hash: string }[];
      paging: { total: number };
    };
    const byNumber = await callTool<Answer>(w.client, 'get_block', { block: String(n), size: 1 });
    expect(byNumber.block.hash).toBe(b.hash.toLowerCase());
    expect(byNumber.block.parentHash).toBe(b.parentHash.toLowerCase());
    expect(byNumber.paging.total).toBe(b.transactions.length);
    expect(byNumber.transactions.map((t) => t.hash)).toEqual([b.transactions[0]?.hash.toLowerCase()]);
    const byHash = await callTool<Answer>(w.client, 'get_block', { block: b.hash });
    expect(byHash.block.number).toBe(n);
  });

  it('get_transaction: status, parties and fee as the receipt says, with its summary and state changes', async () => {
    const b = await busyBlock();
    const tx = b.transactions[0];
    if (!tx) throw new Error('no transaction');
    const receipt = await w.chain.rpc.call<RawReceipt>('eth_getTransactionReceipt', [tx.hash]);
    type Answer = {
      transaction: { hash: string; status: number; from: string; blockNumber: number; gasUsed: string };
      summary: unknown[];
      stateChanges: { accounts: { address: string }[] };
    };
    const got = await callTool<Answer>(w.client, 'get_transaction', { hash: tx.hash });
    expect(got.transaction.hash).toBe(tx.hash.toLowerCase());
    expect(got.transaction.status).toBe(Number(receipt.status));
    expect(got.transaction.from).toBe(toRubyAddress(tx.from));
    expect(got.transaction.blockNumber).toBe(Number(b.number));
    expect(BigInt(got.transaction.gasUsed)).toBe(BigInt(receipt.gasUsed));
    expect(Array.isArray(got.summary)).toBe(true);
    expect(got.stateChanges.accounts.map((a) => a.address)).toContain(toRubyAddress(tx.from));
  });

  it("get_address: the node's balance, the indexed count, tokens and one page of transactions", async () => {
    const b = await busyBlock();
    const from = b.transactions[0]?.from ?? '';
    type Answer = { address: string; balanceWei: string; transactionCount: number; transactions: { hash: string }[]; tokens: unknown[] };
    const got = await callTool<Answer>(w.client, 'get_address', { address: from, size: 2 });
    expect(got.address).toBe(toRubyAddress(from));
    expect(BigInt(got.balanceWei)).toBe(BigInt(await w.chain.rpc.call<string>('eth_getBalance', [from, 'latest'])));
    expect(got.transactionCount).toBeGreaterThan(0);
    expect(got.transactions.length).toBe(Math.min(2, got.transactionCount));
    expect(Array.isArray(got.tokens)).toBe(true);
    if (got.transactionCount >= 2) {
      const second = await callTool<Answer>(w.client, 'get_address', { address: toRubyAddress(from), page: 2, size: 1 });
      expect(second.transactions.map((t) => t.hash)).toEqual([got.transactions[1]?.hash]);
    }
    type Contract = { contract: { verified: boolean; readFunctions: string[] } | null };
    const token = await callTool<Contract>(w.client, 'get_address', { address: w.token, size: 1 });
    expect(token.contract?.verified).toBe(true);
    expect(token.contract?.readFunctions).toContain('totalSupply()');
    expect((await callTool<Contract>(w.client, 'get_address', { address: from, size: 1 })).contract).toBeNull();
  });

  it("get_token and read_contract: the token's supply and a holder's balance as the node's eth_call answers", async () => {
    const supply = ERC20.decodeFunctionResult(
      'totalSupply',
      await w.chain.rpc.call<string>('eth_call', [{ to: w.token, data: ERC20.encodeFunctionData('totalSupply') }, 'latest']),
    )[0] as bigint;
    type Token = { token: { symbol: string; totalSupplyWei: string; verified: boolean; readFunctions: string[] }; transfers: unknown[] };
    const got = await callTool<Token>(w.client, 'get_token', { address: toRubyAddress(w.token), size: 3 });
    expect(got.token.symbol).toBe(w.deployment.tokens[0]?.symbol);
    expect(BigInt(got.token.totalSupplyWei)).toBe(supply);
    expect(got.token.verified).toBe(true);
    expect(got.token.readFunctions).toContain('balanceOf(address)');
    expect(got.transfers.length).toBeGreaterThan(0);

    const holder = w.deployment.deployer;
    const onChain = ERC20.decodeFunctionResult(
      'balanceOf',
      await w.chain.rpc.call<string>('eth_call', [{ to: w.token, data: ERC20.encodeFunctionData('balanceOf', [holder]) }, 'latest']),
    )[0] as bigint;
    type Read = { outputs: { type: string; value: string }[] };
    const read = await callTool<Read>(w.client, 'read_contract', {
      address: w.token,
      function: 'balanceOf',
      args: [toRubyAddress(holder)],
    });
    expect(read.outputs).toEqual([{ name: '', type: 'uint256', value: onChain.toString() }]);
  });

  it('search: a transaction hash, an address and a token symbol', async () => {
    const b = await busyBlock();
    const hash = b.transactions[0]?.hash.toLowerCase() ?? '';
    type Answer = { match: { kind: string; value: string | number } | null; contracts: { address?: string; contractAddress?: string }[] };
    expect((await callTool<Answer>(w.client, 'search', { query: hash })).match).toEqual({ kind: 'transaction', value: hash });
    expect((await callTool<Answer>(w.client, 'search', { query: w.token })).match).toEqual({
      kind: 'address',
      value: toRubyAddress(w.token),
    });
    const bySymbol = await callTool<Answer>(w.client, 'search', { query: w.deployment.tokens[0]?.symbol ?? '' });
    expect(JSON.stringify(bySymbol.contracts)).toContain(toRubyAddress(w.token));
  });

  it("get_logs: the token's Transfer logs as eth_getLogs gives them, decoded, one page at a time", async () => {
    const topic = ERC20.getEvent('Transfer')?.topicHash ?? '';
    const node = await w.chain.rpc.call<Array<{ transactionHash: string; logIndex: string }>>('eth_getLogs', [
      { address: w.token, topics: [topic], fromBlock: '0x0', toBlock: 'latest' },
    ]);
    type Answer = { logs: { hash: string; logIndex: number; decoded: { name?: string } | null }[]; paging: { hasMore: boolean } };
    const first = await callTool<Answer>(w.client, 'get_logs', { address: w.token, topics: [topic], size: 2 });
    const second = await callTool<Answer>(w.client, 'get_logs', { address: w.token, topics: [topic], size: 2, page: 2 });
    const want = node.slice(0, 4).map((l) => `${l.transactionHash.toLowerCase()}:${Number(l.logIndex)}`);
    expect([...first.logs, ...second.logs].map((l) => `${l.hash}:${l.logIndex}`)).toEqual(want);
    expect(first.paging.hasMore).toBe(node.length > 2);
    expect(JSON.stringify(first.logs[0]?.decoded)).toContain('Transfer');
  });

  it('decode_calldata: with the standard signatures, and with the verified ABI of `to`', async () => {
    const data = ERC20.encodeFunctionData('transfer', [w.deployment.deployer, 1234n]);
    type Answer = { selector: string; decoded: { functionName?: string; name?: string; source: string } | null };
    const standard = await callTool<Answer>(w.client, 'decode_calldata', { data });
    expect(standard.selector).toBe(data.slice(0, 10));
    expect(standard.decoded?.source).toBe('standard');
    expect(JSON.stringify(standard.decoded)).toContain('1234');
    const verified = await callTool<Answer>(w.client, 'decode_calldata', { data, to: toRubyAddress(w.token) });
    expect(verified.decoded?.source).toBe('verified');
    const unknown = await callTool<Answer>(w.client, 'decode_calldata', { data: '0xdeadbeef' });
    expect(unknown.decoded).toBeNull();
  });

  it('refuses bad input as a tool error in plain words, and the server stays up', async () => {
    expect(await toolError(w.client, 'get_block', { block: 'latest-ish' })).toMatch(/^Invalid block "latest-ish"/);
    expect(await toolError(w.client, 'get_block', { block: '999999999' })).toBe('Block 999999999 not found');
    expect(await toolError(w.client, 'get_block', {})).toMatch(/Input validation error/);
    expect(await toolError(w.client, 'get_transaction', { hash: `0x${'ab'.repeat(32)}` })).toBe(
      `Transaction 0x${'ab'.repeat(32)} not found`,
    );
    expect(await toolError(w.client, 'get_transaction', { hash: 'xyz' })).toMatch(/^Invalid transaction hash/);
    expect(await toolError(w.client, 'get_address', { address: 'r123' })).toMatch(/^Invalid address "r123"/);
    expect(await toolError(w.client, 'get_address', { address: w.token, size: 101 })).toMatch(/Input validation error/);
    expect(await toolError(w.client, 'get_address', { address: w.token, page: 1000, size: 100 })).toMatch(/too deep/);
    expect(await toolError(w.client, 'get_token', { address: w.deployment.router })).toMatch(/^Token r[0-9a-f]{40} not found$/i);
    expect(await toolError(w.client, 'get_logs', { fromBlock: 0 })).toBe('Give an address or at least one topic');
    expect(await toolError(w.client, 'get_logs', { topics: ['0x12'] })).toMatch(/^Invalid topic0/);
    expect(await toolError(w.client, 'decode_calldata', { data: '0x12' })).toMatch(/^Invalid calldata/);
    expect(await toolError(w.client, 'read_contract', { address: w.deployment.router, function: 'x' })).toMatch(/is not verified/);
    expect(await toolError(w.client, 'read_contract', { address: w.token, function: 'transfer', args: [] })).toMatch(/changes state/);
    expect(await toolError(w.client, 'read_contract', { address: w.token, function: 'balanceOf', args: ['nope'] })).toMatch(/^Argument 1/);
    expect(await toolError(w.client, 'no_such_tool', {})).toMatch(/not found/);
    expect(w.logged.filter((m) => m.startsWith('mcp:'))).toEqual([]);
  });
});
