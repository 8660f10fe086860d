/**
 * Approvals on the devnet: every stored approval equals the node's allowance / getApproved /
 * isApprovedForAll at the indexed head (and every key the index once held that is gone reads 0
 * there); an allowance raised, lowered, spent by transferFrom, replaced and revoked, an NFT
 * approval replaced and cleared by a transfer, ERC-721 and ERC-1155 operators set and unset each
 * show the current truth in /getApprovals; a reorg that removes a change puts back the one before
 * it, and removes an approval it had given.
 */
import { Interface, MaxUint256, id } from 'ethers';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import { toRubyAddress } from '../../../common/address';
import type { ApprovalsPage } from '../../../common/api/approvals';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { describeEachDatabase } from '../../helpers/db';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { deployMultiToken, sendFrom } from '../../helpers/multiToken';
import { matchActivity } from '../../../server/watchlist/alerts';
import { blockActivity } from '../../../server/watchlist/queries';

const erc20 = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
]);
const nft = new Interface([
  'function mint(address to) returns (uint256)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function totalSupply() view returns (uint256)',
]);
const ops = new Interface(['function setApprovalForAll(address operator, bool approved)']);

let chain: IndexedChain;
let deployment: Deployment;
let erc1155: string;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
  deployment = await chain.traffic.setup();
  erc1155 = await deployMultiToken(chain.rpc, deployment.deployer);
}, 300_000);
afterAll(async () => {
  await chain?.stop();
});

/** A fresh address per label (each database's run uses its own). */
const addr = (label: string) => `0x${id(label).slice(26)}`;

async function call(to: string, data: string, block: number): Promise<string> {
  return chain.rpc.call<string>('eth_call', [{ to, data }, `0x${block.toString(16)}`]);
}

/** Every stored approval, and every key that once changed and is gone, against the node at the indexed head. */
async function checkAgainstNode(api: TestApi): Promise<number> {
  const db = api.ctx.db;
  const head = (await db.selectFrom('indexer_state').select('last_block').executeTakeFirstOrThrow()).last_block as number;
  const stored = await db.selectFrom('approvals').selectAll().execute();
  const gone = await sql<{ approval_key: string; token: string; kind: string; owner: string; spender: string; token_id: string | null }>`
    SELECT DISTINCT ON (approval_key) approval_key, token, kind, owner, spender, token_id::text AS token_id FROM approval_changes
    WHERE approval_key NOT IN (SELECT approval_key FROM approvals) ORDER BY approval_key`.execute(db);
  for (const r of [...stored.map((s) => ({ ...s, live: true })), ...gone.rows.map((g) => ({ ...g, amount: '0', live: false }))]) {
    if (r.kind === 'erc20') {
      const v = BigInt(await call(r.token, erc20.encodeFunctionData('allowance', [r.owner, r.spender]), head));
      expect([r.approval_key, v.toString()]).toEqual([r.approval_key, r.amount]);
    } else if (r.kind === 'operator') {
      const v = BigInt(await call(r.token, nft.encodeFunctionData('isApprovedForAll', [r.owner, r.spender]), head));
      expect([r.approval_key, v]).toEqual([r.approval_key, r.live ? 1n : 0n]);
    } else {
      const raw = await call(r.token, nft.encodeFunctionData('getApproved', [BigInt(r.token_id ?? '0')]), head).catch(() =>
        '0x'.padEnd(66, '0'),
      );
      const approved = `0x${raw.slice(26)}`;
      expect([r.approval_key, approved]).toEqual([r.approval_key, r.live ? r.spender : '0x0000000000000000000000000000000000000000']);
    }
  }
  return stored.length;
}

describeEachDatabase('approvals', (getDb) => {
  let api: TestApi;
  let run = '';
  beforeAll(async () => {
    api = await chain.api(getDb());
    run = getDb().kind;
  });
  afterAll(() => api?.close());

  const send = async (from: string, to: string, data: string) => {
    const r = await sendFrom(chain.rpc, from, { to, data });
    await api.indexer.runOnce();
    return r.hash;
  };
  const list = async (owner: string, kind?: string) => {
    const r = await api.get<ApprovalsPage>(apiPaths.approvals({ address: toRubyAddress(owner), page: 1, size: 50 }, { kind }));
    expect(r.statusCode).toBe(200);
    return r.body;
  };

  it('the traffic’s approvals (router, finite, unlimited, an NFT operator) equal the node’s values at the head', async () => {
    expect(await checkAgainstNode(api)).toBeGreaterThan(0);
    // Steps 1-3 of the traffic's approval cycle (server/chain/trafficApprovals.ts): all three in force.
    const giver = (chain.devnet.accounts.wallets()[2] as { address: string }).address;
    const given = (await list(giver)).result;
    expect(given.filter((r) => r.kind === 'operator').map((r) => r.token.address)).toEqual([toRubyAddress(deployment.nft)]);
    expect(given.filter((r) => r.unlimited).length).toBeGreaterThan(0);
    expect(given.some((r) => r.kind === 'erc20' && r.amountWei === '12340000000000000000')).toBe(true);
  });

  it('an allowance raised, lowered, spent by transferFrom, replaced and revoked shows the current truth', async () => {
    const [gold] = deployment.tokens;
    const token = (gold as { address: string }).address.toLowerCase();
    const owner = addr(`${run}:owner20`);
    const spender = addr(`${run}:spender20`);
    const other = addr(`${run}:other20`);
    await send(deployment.deployer, token, erc20.encodeFunctionData('transfer', [owner, 1000n]));
    const amountOf = async () => (await list(owner)).result.find((r) => r.spender.address === toRubyAddress(spender))?.amountWei;

    const h1 = await send(owner, token, erc20.encodeFunctionData('approve', [spender, 100n]));
    const page = await list(owner);
    expect(page.result).toHaveLength(1);
    expect(page.result[0]).toMatchObject({
      kind: 'erc20',
      amountWei: '100',
      unlimited: false,
      balanceWei: '1000',
      atRiskWei: '100',
      txHash: h1,
    });
    expect(page.result[0]?.token).toMatchObject({ address: toRubyAddress(token), standard: 'erc20' });
    await send(owner, token, erc20.encodeFunctionData('approve', [spender, 500n]));
    expect(await amountOf()).toBe('500');
    await send(owner, token, erc20.encodeFunctionData('approve', [spender, 300n]));
    expect(await amountOf()).toBe('300');
    const spent = await send(spender, token, erc20.encodeFunctionData('transferFrom', [owner, other, 120n]));
    expect(await amountOf()).toBe('180');
    expect((await list(owner)).result[0]).toMatchObject({ txHash: spent, balanceWei: '880', atRiskWei: '180' });
    // Replaced: the spender's allowance revoked, another's unlimited.
    await send(owner, token, erc20.encodeFunctionData('approve', [other, MaxUint256]));
    await send(owner, token, erc20.encodeFunctionData('approve', [spender, 0n]));
    const after = await list(owner);
    expect(after.result.map((r) => [r.spender.address, r.unlimited, r.atRiskWei])).toEqual([[toRubyAddress(other), true, '880']]);
    expect(after.counts).toEqual({ erc20: 1, erc721: 0, operator: 0 });
    await checkAgainstNode(api);
  });

  it('NFT approvals: one approved, replaced, cleared by a transfer; operators of ERC-721 and ERC-1155 set and unset', async () => {
    const owner = addr(`${run}:ownerNft`);
    const a = addr(`${run}:nftA`);
    const b = addr(`${run}:nftB`);
    await send(owner, deployment.nft, nft.encodeFunctionData('mint', [owner]));
    const tokenId = BigInt(
      await call(deployment.nft, nft.encodeFunctionData('totalSupply'), Number(await chain.rpc.call<string>('eth_blockNumber'))),
    );
    await send(owner, deployment.nft, nft.encodeFunctionData('approve', [a, tokenId]));
    expect((await list(owner, 'erc721')).result.map((r) => [r.spender.address, r.tokenId, r.atRiskWei])).toEqual([
      [toRubyAddress(a), String(tokenId), '1'],
    ]);
    await send(owner, deployment.nft, nft.encodeFunctionData('approve', [b, tokenId]));
    expect((await list(owner, 'erc721')).result.map((r) => r.spender.address)).toEqual([toRubyAddress(b)]);
    await send(owner, deployment.nft, nft.encodeFunctionData('setApprovalForAll', [a, true]));
    await send(owner, erc1155, ops.encodeFunctionData('setApprovalForAll', [b, true]));
    const both = await list(owner);
    expect(both.counts).toEqual({ erc20: 0, erc721: 1, operator: 2 });
    expect(both.result.slice(0, 2).map((r) => r.kind)).toEqual(['operator', 'operator']); // riskiest first
    expect(both.result.find((r) => r.token.address === toRubyAddress(erc1155))?.token.standard).toBe('erc1155');
    // A transfer clears the single approval; unsetting the operators removes them.
    await send(owner, deployment.nft, nft.encodeFunctionData('transferFrom', [owner, b, tokenId]));
    expect((await list(owner, 'erc721')).result).toEqual([]);
    await send(owner, erc1155, ops.encodeFunctionData('setApprovalForAll', [b, false]));
    expect((await list(owner)).result.map((r) => [r.kind, r.token.address])).toEqual([['operator', toRubyAddress(deployment.nft)]]);
    await checkAgainstNode(api);
  });

  it('a reorg that removes changes puts back the approval before them and removes the one they gave', async () => {
    const [gold] = deployment.tokens;
    const token = (gold as { address: string }).address.toLowerCase();
    const owner = addr(`${run}:ownerReorg`);
    const s1 = addr(`${run}:reorg1`);
    const s2 = addr(`${run}:reorg2`);
    await send(owner, token, erc20.encodeFunctionData('approve', [s1, 100n]));
    await sendFrom(chain.rpc, owner, { to: token, data: erc20.encodeFunctionData('approve', [s1, 999n]) }, false);
    await sendFrom(chain.rpc, owner, { to: token, data: erc20.encodeFunctionData('approve', [s2, 7n]) }, false);
    await chain.rpc.call('evm_mine', []);
    await api.indexer.runOnce();
    expect((await list(owner)).result.map((r) => r.amountWei).sort()).toEqual(['7', '999']);
    await chain.rpc.call('anvil_reorg', [1, []]);
    const head = Number(await chain.rpc.call<string>('eth_blockNumber'));
    expect(BigInt(await call(token, erc20.encodeFunctionData('allowance', [owner, s1]), head))).toBe(100n);
    await api.indexer.runOnce(); // detects the replaced tip and rolls back
    await api.indexer.runOnce(); // indexes the new block
    const after = await list(owner);
    expect(after.result.map((r) => [r.spender.address, r.amountWei])).toEqual([[toRubyAddress(s1), '100']]);
    await checkAgainstNode(api);
  });

  it('the watchlist alerts when a watched address gives an approval (the unlimited one), not when a spender spends it', async () => {
    const [gold] = deployment.tokens;
    const token = (gold as { address: string }).address.toLowerCase();
    const owner = addr(`${run}:watched`);
    const spender = addr(`${run}:watchedSpender`);
    const email = `${run}@example.com`;
    await api.ctx.db.insertInto('users').values({ email, password_hash: 'x' }).execute();
    await api.ctx.db.insertInto('watchlist').values({ email, address: owner }).execute();
    await send(deployment.deployer, token, erc20.encodeFunctionData('transfer', [owner, 1000n]));
    const before = Number(await chain.rpc.call<string>('eth_blockNumber'));
    const given = await send(owner, token, erc20.encodeFunctionData('approve', [spender, MaxUint256]));
    await send(spender, token, erc20.encodeFunctionData('transferFrom', [owner, spender, 10n]));
    const after = Number(await chain.rpc.call<string>('eth_blockNumber'));
    const alerts = await matchActivity(api.ctx.db, await blockActivity(api.ctx.db, before, after));
    const mine = alerts.filter((a) => a.address === owner && a.kind === 'approval');
    expect(mine.map((a) => [a.txHash, a.counterparty, a.tokenAddress, a.value])).toEqual([[given, spender, token, MaxUint256.toString()]]);
  });

  it('refuses a bad address or kind with a 400', async () => {
    const bad = await api.get(apiPaths.approvals({ address: 'rnope', page: 1, size: 10 }));
    expect(bad.statusCode).toBe(400);
    const kind = await api.get<{ message: string }>(
      apiPaths.approvals({ address: toRubyAddress(deployment.deployer), page: 1, size: 10 }, { kind: 'nft' }),
    );
    expect(kind.statusCode).toBe(400);
    expect(kind.body.message).toMatch(/Invalid kind "nft"/);
  });
});
