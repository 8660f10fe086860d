/**
 * Issue #40 item 4 on the devnet: the traffic generator's EIP-7702 delegation set and clear are
 * indexed with the authority ethers recovers (ecrecover of the EIP-7702 digest), a self-sponsored
 * and a chain-id-0 authorization are valid, a wrong chain id and a wrong nonce are not; the
 * detail's EIP-1559 figures equal the node's block and receipt; the block's burnt fees and reward
 * add up; the address's delegation follows its authorizations.
 */
import { Signature, Wallet, ZeroAddress, verifyAuthorization, type Authorization, type BaseWallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import { toRubyAddress } from '../../../common/address';
import type { AddressCountersResponse } from '../../../common/api/addresses';
import type { BlockDetailResponse } from '../../../common/api/blocks';
import type { TransactionDetailResponse } from '../../../common/api/transactions';
import type { AddressDelegationResponse } from '../../../common/api/txKinds';
import { delegatorWallet } from '../../../server/chain/trafficDelegation';
import type { RawBlock, RawTransactionReceipt } from '../../../server/chain/types';
import type { Database } from '../../../server/db/database';
import { describeEachDatabase } from '../../helpers/db';
import { devWallet } from '../../helpers/devKeys';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { transform } from '../../../server/indexer/transform';
import { blobRows } from '../../../server/indexer/authorizations';
import { writeChainRows } from '../../../server/indexer/writeChainRows';

const SEED = 7;
const CHAIN_ID = 18215;
let chain: IndexedChain;
let database: Database;
let api: TestApi;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8, seed: SEED }); // steps 2 (set) and 7 (clear)
}, 300_000);
afterAll(async () => {
  await chain?.stop();
});

async function detail(hash: string) {
  const r = await api.get<TransactionDetailResponse>(apiPaths.txData(hash));
  expect(r.statusCode).toBe(200);
  return r.body.result;
}

/** A signed type 4 transaction from `wallet` carrying `auths`, sent raw; returns its hash. */
async function sendType4(wallet: BaseWallet, to: string, auths: Authorization[]): Promise<string> {
  const nonce = Number(await chain.rpc.call<string>('eth_getTransactionCount', [wallet.address, 'pending']));
  const raw = await wallet.signTransaction({
    type: 4,
    chainId: CHAIN_ID,
    nonce,
    to,
    gasLimit: 200_000n,
    maxFeePerGas: 20_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    authorizationList: auths,
  });
  return chain.rpc.call<string>('eth_sendRawTransaction', [raw]);
}

// The same chain indexed into PGlite, then PostgreSQL when a server is reachable (migration 023 on both).
describeEachDatabase('modern transaction kinds', (getDb) => {
  beforeAll(async () => {
    database = getDb();
    api = await chain.api(database);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  describe('EIP-7702 authorizations', () => {
    it("indexes the traffic's delegation set and clear with ethers' recovered authority, valid", async () => {
      const delegator = delegatorWallet(SEED).address.toLowerCase();
      const rows = await database.db.selectFrom('tx_authorizations').selectAll().orderBy('block_number').execute();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        const raw = await chain.rpc.call<{
          authorizationList: { chainId: string; address: string; nonce: string; yParity: string; r: string; s: string }[];
        }>('eth_getTransactionByHash', [row.tx_hash]);
        const a = raw.authorizationList[row.auth_index]!;
        const recovered = verifyAuthorization(
          { address: a.address, nonce: BigInt(a.nonce), chainId: BigInt(a.chainId) },
          Signature.from({ r: a.r, s: a.s, yParity: Number(a.yParity) as 0 | 1 }),
        );
        expect(row.authority).toBe(recovered.toLowerCase());
      }
      // The traffic's (the second database also holds the next test's, sent during the first's run).
      const traffic = rows.filter((r) => r.authority === delegator);
      expect(traffic.length).toBeGreaterThanOrEqual(2);
      expect(traffic.every((r) => r.valid === true)).toBe(true);
      const zero = traffic.filter((r) => r.delegate === ZeroAddress);
      expect(zero.length).toBeGreaterThanOrEqual(1); // the clear
      // The node agrees: after the clear the delegator has no code.
      expect(await chain.rpc.call('eth_getCode', [delegator, 'latest'])).toBe('0x');

      const d = await api.get<AddressDelegationResponse>(apiPaths.addressDelegation(delegator));
      expect(d.body.result.delegate).toBeNull();
      expect(d.body.result.history.map((h) => h.cleared)).toEqual([true, false]);
      const set = await detail(d.body.result.history[1]!.txHash);
      expect(set.type).toBe(4);
      expect(set.authorizationList).toHaveLength(1);
      expect(set.authorizationList[0]).toMatchObject({
        authority: toRubyAddress(delegator),
        valid: true,
        cleared: false,
        chainId: String(CHAIN_ID),
      });
    });

    it('settles self-sponsored, chain id 0, wrong chain id and wrong nonce authorizations', async () => {
      const sponsor = devWallet(9);
      const self = Wallet.createRandom();
      const other = Wallet.createRandom();
      const target = '0x000000000000000000000000000000000000dead';
      // Fund `self` in one block, so it can send its own type 4 transaction in the next.
      const fundNonce = Number(await chain.rpc.call<string>('eth_getTransactionCount', [sponsor.address, 'pending']));
      const fund = await sponsor.signTransaction({
        type: 2,
        chainId: CHAIN_ID,
        nonce: fundNonce,
        to: self.address,
        value: 10n ** 18n,
        gasLimit: 21_000n,
        maxFeePerGas: 20_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      await chain.rpc.call('eth_sendRawTransaction', [fund]);
      await api.mine();
      const selfHash = await sendType4(self, self.address, [
        self.authorizeSync({ address: target, nonce: 1n, chainId: CHAIN_ID }), // its nonce after sending this tx: valid
        self.authorizeSync({ address: target, nonce: 1n, chainId: CHAIN_ID }), // the nonce moved on: invalid
        self.authorizeSync({ address: target, nonce: 2n, chainId: 999n }), // another chain: invalid
      ]);
      const sponsoredHash = await sendType4(sponsor, other.address, [
        other.authorizeSync({ address: target, nonce: 5n, chainId: CHAIN_ID }), // wrong nonce: invalid
        other.authorizeSync({ address: target, nonce: 0n, chainId: 0n }), // any chain: valid
      ]);
      await api.mine();

      const a = (await detail(selfHash)).authorizationList;
      expect(a.map((x) => [x.valid, x.invalidReason])).toEqual([
        [true, null],
        [false, 'nonce'],
        [false, 'chain_id'],
      ]);
      expect(a.every((x) => x.authority === toRubyAddress(self.address))).toBe(true);
      const b = (await detail(sponsoredHash)).authorizationList;
      expect(b.map((x) => [x.valid, x.invalidReason, x.authority])).toEqual([
        [false, 'nonce', toRubyAddress(other.address)],
        [true, null, toRubyAddress(other.address)],
      ]);
      // What the node applied: both delegated to the target.
      expect(await chain.rpc.call('eth_getCode', [self.address, 'latest'])).toBe(`0xef0100${target.slice(2)}`);
      expect(await chain.rpc.call('eth_getCode', [other.address, 'latest'])).toBe(`0xef0100${target.slice(2)}`);
      expect(Number(await chain.rpc.call<string>('eth_getTransactionCount', [self.address, 'latest']))).toBe(2);
      const d = await api.get<AddressDelegationResponse>(apiPaths.addressDelegation(toRubyAddress(other.address)));
      expect(d.body.result.delegate).toBe(toRubyAddress(target));
      expect(d.body.result.history).toHaveLength(1);
      // The address page reads it from its counters (no request of its own).
      const c = await api.get<AddressCountersResponse>(apiPaths.addressCounters(other.address));
      expect(c.body.result.delegation).toEqual(d.body.result);
    });
  });

  describe('EIP-1559 figures', () => {
    it("equal the node's block and receipt, and the block's burnt fees and reward add up", async () => {
      const head = Number(await chain.rpc.call<string>('eth_blockNumber', []));
      const block = await chain.rpc.call<RawBlock<string>>('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
      const hash = block.transactions[0]!;
      const [tx, receipt] = await Promise.all([
        chain.rpc.call<{ maxFeePerGas?: string; type: string }>('eth_getTransactionByHash', [hash]),
        chain.rpc.call<RawTransactionReceipt>('eth_getTransactionReceipt', [hash]),
      ]);
      const base = BigInt(block.baseFeePerGas ?? '0');
      const used = BigInt(receipt.gasUsed);
      const price = BigInt(receipt.effectiveGasPrice ?? '0');
      const d = await detail(hash);
      expect(d.type).toBe(Number(tx.type));
      expect(d.confirmations).toBe(1);
      expect(d.otherDetails.baseFeePerGas).toBe(base.toString());
      expect(d.otherDetails.burntFee).toBe((base * used).toString());
      expect(d.otherDetails.priorityFeePerGas).toBe((price - base).toString());
      expect(d.otherDetails.priorityFee).toBe(((price - base) * used).toString());
      expect(d.otherDetails.savedFee).toBe(tx.maxFeePerGas ? ((BigInt(tx.maxFeePerGas) - price) * used).toString() : null);
      expect(BigInt(d.feeWei)).toBe(BigInt(d.otherDetails.burntFee!) + BigInt(d.otherDetails.priorityFee!));

      const b = await api.get<BlockDetailResponse>(apiPaths.block(head));
      const receipts = await Promise.all(
        block.transactions.map((h) => chain.rpc.call<RawTransactionReceipt>('eth_getTransactionReceipt', [h])),
      );
      const fees = receipts.reduce((s, r) => s + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice ?? '0'), 0n);
      expect(b.body.result.burntFees).toBe((base * BigInt(block.gasUsed)).toString());
      expect(b.body.result.totalFees).toBe(fees.toString());
      expect(b.body.result.reward).toBe((fees - base * BigInt(block.gasUsed)).toString());
    });
  });

  describe('EIP-4844 blob fields', () => {
    it('are read from a type 3 transaction and its receipt, stored and answered', async () => {
      // The devnet sends no blobs (ethers needs a KZG library for them): a type 3 transaction's
      // fields as a node gives them, attached to an indexed transaction's position.
      const t = await database.db
        .selectFrom('transactions')
        .select(['hash', 'block_number', 'tx_index'])
        .orderBy('block_number')
        .executeTakeFirstOrThrow();
      const hashes = [`0x01${'ab'.repeat(31)}`, `0x01${'CD'.repeat(31)}`];
      const block = { number: `0x${t.block_number.toString(16)}`, transactions: [] as unknown[] } as unknown as RawBlock;
      block.transactions[t.tx_index] = {
        hash: t.hash,
        blobVersionedHashes: hashes,
        maxFeePerBlobGas: '0x3b9aca00',
      } as RawBlock['transactions'][number];
      const receipts = [] as RawTransactionReceipt[];
      receipts[t.tx_index] = { blobGasUsed: '0x20000', blobGasPrice: '0x1' } as RawTransactionReceipt;
      const rows = transform([], { isContract: () => false, isToken: () => false, abi: () => undefined });
      rows.blobs = blobRows({ block, receipts, internal: [], traced: true }, t.block_number);
      await writeChainRows(database.db, rows);
      const d = await detail(t.hash);
      expect(d.blob).toEqual({
        versionedHashes: hashes.map((h) => h.toLowerCase()),
        maxFeePerBlobGas: '1000000000',
        blobGasUsed: '131072',
        blobGasPrice: '1',
        blobFee: '131072',
      });
    });
  });
});
