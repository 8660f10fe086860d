/**
 * Pure step of the indexer: fetched blocks (+ what is known about contracts) → the rows to write
 * and the deltas to add to running aggregates. No I/O here, so it is unit-testable and cheap.
 * The shapes are in rowTypes.ts, the per-row builders in rowBuilders.ts; balanceKeys.ts finds the
 * same touched balances without the rest of the work.
 */
import { TX_TYPE } from '../../common/txTypes';
import { TRANSFER_TOPIC } from './decode';
import { erc1155Rows, isErc1155Transfer } from './erc1155';
import { holderKey, isRealHolder } from './holderKey';
import { big, blockRow, num, transferRow, txRow } from './rowBuilders';
import type { BatchRows, CreatedContract, FetchedBlock, KnownContracts } from './rowTypes';
import { withdrawalRows } from './withdrawals';
import { authorizationRows, blobRows } from './authorizations';

export type * from './rowTypes';
export { balanceKeys } from './balanceKeys';

/** Contracts created in these blocks, by a transaction or internally, in chain order. */
export function createdContracts(blocks: FetchedBlock[]): CreatedContract[] {
  const out: CreatedContract[] = [];
  for (const { block, receipts, internal } of blocks) {
    const ts = num(block.timestamp);
    const n = num(block.number);
    block.transactions.forEach((tx, i) => {
      const r = receipts[i];
      if (!tx.to && r?.contractAddress && big(r.status ?? '0x1') === 1n) {
        out.push({
          address: r.contractAddress.toLowerCase(),
          blockNumber: n,
          txHash: tx.hash.toLowerCase(),
          creator: tx.from.toLowerCase(),
          timestamp: ts,
        });
      }
    });
    for (const c of internal) {
      const r = receipts[c.txIndex];
      if (c.createdAddress && !c.error && big(r?.status ?? '0x1') === 1n) {
        out.push({ address: c.createdAddress, blockNumber: n, txHash: c.txHash, creator: c.from, timestamp: ts });
      }
    }
  }
  return out;
}

export function transform(blocks: FetchedBlock[], known: KnownContracts): BatchRows {
  const out: BatchRows = {
    blocks: [],
    txs: [],
    addressTxs: [],
    logs: [],
    transfers: [],
    internal: [],
    created: createdContracts(blocks),
    withdrawals: [],
    authorizations: [],
    blobs: [],
    touched: new Set(),
    touchedAt: new Map(),
    tokenHolders: new Set(),
    addressDeltas: new Map(),
    hourly: new Map(),
    contractDeltas: new Map(),
  };
  const addrDelta = (a: string, n: number) => {
    let at = out.touchedAt.get(a);
    if (!at) out.touchedAt.set(a, (at = new Set()));
    at.add(n);
    let d = out.addressDeltas.get(a);
    if (!d) out.addressDeltas.set(a, (d = { txCount: 0, gasUsed: 0n, firstBlock: n, lastBlock: n }));
    d.lastBlock = Math.max(d.lastBlock, n);
    d.firstBlock = Math.min(d.firstBlock, n);
    return d;
  };
  const contractDelta = (a: string) => {
    let d = out.contractDeltas.get(a);
    if (!d) out.contractDeltas.set(a, (d = { txCount: 0, transferCount: 0 }));
    return d;
  };

  for (const fetched of blocks) {
    const { block, receipts, internal, traced } = fetched;
    const row = blockRow(block, traced);
    const n = row.number;
    for (const a of authorizationRows(block, n)) out.authorizations.push(a);
    for (const b of blobRows(fetched, n)) out.blobs.push(b);
    const ts = row.timestamp;
    const miner = row.miner;
    out.touched.add(miner);
    addrDelta(miner, n);
    for (const w of withdrawalRows(block)) {
      out.withdrawals.push(w);
      out.touched.add(w.address);
      addrDelta(w.address, n);
    }
    out.blocks.push(row);
    const hour = Math.floor(ts / 3600) * 3600;

    block.transactions.forEach((tx, i) => {
      const r = receipts[i];
      if (!r || r.transactionHash.toLowerCase() !== tx.hash.toLowerCase()) {
        throw new Error(`receipt missing or out of order for ${tx.hash} in block ${n}`);
      }
      const t = txRow(tx, r, i, n, ts, known);
      const { hash, from, to, txType } = t;
      out.txs.push(t);
      const other = to ?? t.contractAddress;
      for (const a of other && other !== from ? [from, other] : [from]) {
        out.addressTxs.push({ address: a, blockNumber: n, txIndex: i, hash });
        addrDelta(a, n).txCount += 1;
        out.touched.add(a);
      }
      addrDelta(from, n).gasUsed += t.gasUsed;
      if (to && known.isContract(to)) contractDelta(to).txCount += 1;
      const h = out.hourly.get(hour) ?? { txCount: 0, totalFee: 0n, tokenTx: 0, contractTx: 0 };
      h.txCount += 1;
      h.totalFee += t.fee;
      if (txType === TX_TYPE.tokenTransfer) h.tokenTx += 1;
      if (txType === TX_TYPE.contractCall || txType === TX_TYPE.contractCreate) h.contractTx += 1;
      out.hourly.set(hour, h);

      for (const log of r.logs) {
        const logIndex = num(log.logIndex);
        const address = log.address.toLowerCase();
        const topics = log.topics;
        out.logs.push({
          blockNumber: n,
          logIndex,
          txHash: hash,
          txIndex: i,
          address,
          topics: [topics[0] ?? null, topics[1] ?? null, topics[2] ?? null, topics[3] ?? null],
          data: log.data,
        });
        if (topics[0]?.toLowerCase() === TRANSFER_TOPIC && topics.length >= 3) {
          const transfer = transferRow(log, logIndex, hash, i, n, ts);
          out.transfers.push(transfer);
          contractDelta(address).transferCount += 1;
          if (transfer.tokenId === null) {
            out.tokenHolders.add(holderKey(address, transfer.from));
            out.tokenHolders.add(holderKey(address, transfer.to));
          }
        } else if (isErc1155Transfer(topics)) {
          const rows = erc1155Rows(log, logIndex, hash, i, n, ts);
          for (const t of rows) out.transfers.push(t);
          contractDelta(address).transferCount += rows.length;
        }
      }
    });

    for (const c of internal) {
      // Spelled out: an object spread here was a third of transform()'s time.
      out.internal.push({
        txIndex: c.txIndex,
        txHash: c.txHash,
        traceIndex: c.traceIndex,
        traceAddress: c.traceAddress,
        callType: c.callType,
        from: c.from,
        to: c.to,
        value: c.value,
        gas: c.gas,
        gasUsed: c.gasUsed,
        input: c.input,
        output: c.output,
        error: c.error,
        createdAddress: c.createdAddress,
        blockNumber: n,
        timestamp: ts,
      });
      if (c.value > 0n || c.createdAddress) {
        for (const a of [c.from, c.to]) {
          if (!a) continue;
          out.touched.add(a);
          addrDelta(a, n);
        }
      }
    }
  }
  // The zero address is mint/burn bookkeeping, not a holder.
  for (const key of out.tokenHolders) if (!isRealHolder(key)) out.tokenHolders.delete(key);
  return out;
}
