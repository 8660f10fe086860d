/**
 * Etherscan's account module against the node: tokentx, tokenbalance, tokennfttx and
 * txlistinternal.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSFER_TOPIC } from '../../../server/indexer/decode';
import { AbiCoder } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { dec, es, lower } from './etherscanFixture';
import { TOKENTX_FIELDS, INTERNAL_FIELDS, chain, deployment, node, useAccountChain } from './etherscanAccountFixture';

useAccountChain();

describeEachDatabase('Etherscan account module', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  it("tokentx and tokenbalance match the node's Transfer events and balanceOf", async () => {
    const a = lower(deployment.deployer);
    const token = lower(deployment.tokens[0]!.address);
    const events = node.txs
      .flatMap((t) => t.receipt.logs.filter((l) => lower(l.topics[0]) === TRANSFER_TOPIC && l.topics.length === 3).map((l) => ({ t, l })))
      .filter(({ l }) => [`0x${l.topics[1]!.slice(26)}`, `0x${l.topics[2]!.slice(26)}`].includes(a));
    expect(events.length).toBeGreaterThan(0);
    const res = await es<Array<Record<string, string>>>(api, `module=account&action=tokentx&address=${toRubyAddress(a)}&sort=asc`);
    expect(res.status).toBe('1');
    expect(res.result).toHaveLength(events.length);
    for (const [i, row] of res.result.entries()) {
      const { t, l } = events[i]!;
      expect(Object.keys(row)).toEqual(TOKENTX_FIELDS);
      expect(row).toMatchObject({
        blockNumber: dec(t.block.number),
        timeStamp: dec(t.block.timestamp),
        hash: t.tx.hash,
        nonce: dec(t.tx.nonce),
        blockHash: t.block.hash,
        from: `0x${l.topics[1]!.slice(26)}`,
        contractAddress: lower(l.address),
        to: `0x${l.topics[2]!.slice(26)}`,
        value: dec(l.data),
        transactionIndex: dec(t.tx.transactionIndex),
        gas: dec(t.tx.gas),
        gasPrice: dec(t.receipt.effectiveGasPrice),
        gasUsed: dec(t.receipt.gasUsed),
        cumulativeGasUsed: dec(t.receipt.cumulativeGasUsed),
        input: 'deprecated',
        confirmations: String(node.head - hexToNumber(t.block.number) + 1),
      });
    }
    const byToken = await es<Array<Record<string, string>>>(api, `module=account&action=tokentx&contractaddress=${token}&address=${a}`);
    expect(byToken.result.map((r) => r.hash)).toEqual(res.result.filter((r) => r.contractAddress === token).map((r) => r.hash));
    const meta = deployment.tokens[0]!;
    expect(byToken.result[0]).toMatchObject({ tokenName: meta.name, tokenSymbol: meta.symbol, tokenDecimal: '18' });
    const data = `0x70a08231${AbiCoder.defaultAbiCoder().encode(['address'], [a]).slice(2)}`;
    const want = dec(await chain.rpc.call<string>('eth_call', [{ to: token, data }, toHexQuantity(node.head)]));
    expect(
      await es(api, `module=account&action=tokenbalance&contractaddress=${toRubyAddress(token)}&address=${a}&tag=latest`),
    ).toMatchObject({ status: '1', result: want });
  });

  it("tokennfttx lists the NFT's Transfer events (token id in the fourth topic)", async () => {
    const nftAddress = lower(deployment.nft);
    const events = node.txs.flatMap((t) =>
      t.receipt.logs
        .filter((l) => lower(l.address) === nftAddress && lower(l.topics[0]) === TRANSFER_TOPIC && l.topics.length === 4)
        .map((l) => ({ t, l })),
    );
    expect(events.length).toBeGreaterThan(0);
    const nft = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=tokennfttx&contractaddress=${toRubyAddress(nftAddress)}&sort=asc`,
    );
    expect(nft.status).toBe('1');
    expect(nft.result).toHaveLength(events.length);
    for (const [i, row] of nft.result.entries()) {
      const { t, l } = events[i]!;
      expect(Object.keys(row)).toEqual(TOKENTX_FIELDS.map((f) => (f === 'value' ? 'tokenID' : f)));
      expect(row).toMatchObject({
        hash: t.tx.hash,
        from: `0x${l.topics[1]!.slice(26)}`,
        to: `0x${l.topics[2]!.slice(26)}`,
        contractAddress: nftAddress,
        tokenID: dec(l.topics[3]),
        tokenDecimal: '0',
        cumulativeGasUsed: dec(t.receipt.cumulativeGasUsed),
      });
    }
    // The RBC20 list holds no NFT transfer, and the other way round.
    const fungible = await es<Array<Record<string, string>>>(api, `module=account&action=tokentx&contractaddress=${nftAddress}`);
    expect(fungible).toMatchObject({ status: '0', message: 'No transactions found', result: [] });
  });

  it('txlistinternal by address, by transaction and by block range equals trace_block', async () => {
    const calls = node.traces.filter((t) => t.traceAddress.length > 0 && t.type !== 'reward');
    expect(calls.length).toBeGreaterThan(0);
    const first = calls[0]!;
    const byHash = await es<Array<Record<string, string>>>(api, `module=account&action=txlistinternal&txhash=${first.transactionHash}`);
    const ofTx = calls.filter((c) => c.transactionHash === first.transactionHash);
    expect(byHash.result).toHaveLength(ofTx.length);
    expect(Object.keys(byHash.result[0]!)).toEqual(INTERNAL_FIELDS.filter((f) => f !== 'hash' && f !== 'traceId'));
    ofTx.forEach((c, i) =>
      expect(byHash.result[i], String(i)).toMatchObject({
        from: lower(c.action.from),
        value: dec(c.action.value),
        type: c.type === 'create' ? 'create' : c.action.callType,
        gas: dec(c.action.gas),
        gasUsed: dec(c.result?.gasUsed),
        isError: c.error ? '1' : '0',
      }),
    );
    const target = lower(first.action.to ?? first.action.from);
    const byAddr = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlistinternal&address=${toRubyAddress(target)}&sort=asc`,
    );
    const want = calls.filter((c) => lower(c.action.from) === target || lower(c.action.to ?? c.result?.address) === target);
    expect(byAddr.result.map((r) => [r.hash, r.traceId])).toEqual(want.map((c) => [c.transactionHash, c.traceAddress.join('_')]));
    expect(Object.keys(byAddr.result[0]!)).toEqual(INTERNAL_FIELDS);
    const range = await es<Array<Record<string, string>>>(
      api,
      `module=account&action=txlistinternal&startblock=0&endblock=${node.head}&sort=asc`,
    );
    expect(range.result).toHaveLength(calls.length);
  });
});
