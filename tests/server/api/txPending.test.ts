/**
 * Issue #38 item 9: a transaction the node knows before the index does. Sent a moment ago it
 * waits in the pool: /getPendingTransaction/{hash} answers it from the node (blockNumber null,
 * its call decoded) while /getTransactionData/{hash} is still 404; once mined it carries its
 * block, and once indexed the detail answers. A hash nobody knows is 404, a malformed one 400.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Interface } from 'ethers';
import type { NodeTransactionResponse } from '../../../common/api/pending';
import type { TransactionDetailResponse } from '../../../common/api/transactions';
import { toRubyAddress } from '../../../common/address';
import { toHexQuantity } from '../../../server/chain/rpc';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
});
afterAll(() => chain?.stop());

const erc20 = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);

describeEachDatabase(
  'a pending transaction',
  (getDb) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await chain.api(getDb());
    });
    afterAll(() => api?.close());

    it('answers from the node while pending, with its block once mined; the detail once indexed', async () => {
      const [from] = await chain.rpc.call<string[]>('eth_accounts');
      const to = '0x000000000000000000000000000000000000bEEF';
      const hash = await chain.rpc.call<string>('eth_sendTransaction', [{ from, to, value: toHexQuantity(1234567n * 10n ** 9n) }]);
      // Automine is off: the transaction waits in the pool.
      expect((await api.get(apiPaths.txData(hash))).statusCode).toBe(404);
      const pending = await api.get<NodeTransactionResponse>(apiPaths.pendingTxOne(hash));
      expect(pending.statusCode).toBe(200);
      const node = await chain.rpc.call<{ nonce: string; gas: string }>('eth_getTransactionByHash', [hash]);
      expect(pending.body.result).toMatchObject({
        hash: hash.toLowerCase(),
        from: toRubyAddress(from!),
        to: toRubyAddress(to),
        valueWei: '1234567000000000',
        nonce: Number(BigInt(node.nonce)),
        gas: BigInt(node.gas).toString(),
        blockNumber: null,
        inputData: null,
      });
      await chain.rpc.call('evm_mine', []);
      const mined = await api.get<NodeTransactionResponse>(apiPaths.pendingTxOne(hash));
      expect(mined.body.result.blockNumber).toBeGreaterThan(0);
      await api.indexer.runOnce();
      const detail = await api.get<TransactionDetailResponse>(apiPaths.txData(hash));
      expect(detail.statusCode).toBe(200);
      expect(detail.body.result.blockNumber).toBe(mined.body.result.blockNumber);
    });

    it("decodes a pending call's input", async () => {
      const [from] = await chain.rpc.call<string[]>('eth_accounts');
      const token = (await chain.traffic.setup()).tokens[0]!.address;
      const data = erc20.encodeFunctionData('transfer', ['0x000000000000000000000000000000000000bEEF', 5n]);
      const hash = await chain.rpc.call<string>('eth_sendTransaction', [{ from, to: token, data }]);
      const res = await api.get<NodeTransactionResponse>(apiPaths.pendingTxOne(hash));
      expect(res.statusCode).toBe(200);
      expect(res.body.result.inputData).toMatchObject({ function: 'transfer', signature: 'transfer(address,uint256)' });
      await chain.rpc.call('evm_mine', []);
      await api.indexer.runOnce();
    });

    it('a hash the node does not know is 404, a malformed one 400', async () => {
      const unknown = `0x${'ab'.repeat(32)}`;
      const res = await api.get<{ status: boolean; message: string }>(apiPaths.pendingTxOne(unknown));
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({ status: false });
      expect((await api.get(apiPaths.pendingTxOne('0x12'))).statusCode).toBe(400);
    });
  },
  { kinds: ['pglite'] },
);
