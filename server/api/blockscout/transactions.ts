/**
 * The transactions resource: lists (any list of our transaction items, shaped with their gas
 * facts), one transaction and its parts, read from queries/transactionDetail.ts, logs.ts,
 * stateChanges.ts: the queries our own transaction page reads.
 */
import { parseAddress, toChecksumHexAddress } from '../../../common/address';
import type { TransactionDetail, TransactionListItem } from '../../../common/api/transactions';
import type { ApiContext } from '../../core/context';
import { indexedHead } from '../../queries/addresses';
import { transactionDetail } from '../../queries/transactionDetail';
import { transactionLogs } from '../../queries/logs';
import { addressBook, blockHashes, notFoundBs } from './common';
import { shapeInternal } from './internalShape';
import { hexValue, shapeLog } from './logShape';
import { inputData } from '../../services/inputData';
import { shapeTransfer, tokenBook, type TransferFacts } from './tokenShape';
import { shapeTransaction, txAddresses, txFacts } from './txShape';

/** Our list items as Blockscout's Transaction items. */
export async function bsTxItems(ctx: ApiContext, items: readonly TransactionListItem[]) {
  const [facts, book, head] = await Promise.all([
    txFacts(
      ctx,
      items.map((t) => t.hash),
    ),
    addressBook(ctx, items.flatMap(txAddresses)),
    indexedHead(ctx),
  ]);
  return items.map((t) => shapeTransaction(t, facts.get(t.hash), head, book));
}

export async function detailOrNotFound(ctx: ApiContext, hash: string): Promise<TransactionDetail> {
  const d = await transactionDetail(ctx, hash);
  if (!d) throw notFoundBs();
  return d;
}

function transferFacts(d: TransactionDetail): TransferFacts[] {
  return d.tokenTransfers.map((t) => ({
    txHash: d.hash,
    blockNumber: d.blockNumber,
    blockHash: d.blockHash,
    logIndex: t.logIndex,
    timestamp: d.timestamp,
    from: t.from,
    to: t.to,
    token: toChecksumHexAddress(t.tokenAddress).toLowerCase(),
    valueWei: t.valueWei,
    tokenId: t.tokenId,
    method: d.functionName,
  }));
}

async function shapedTransfers(ctx: ApiContext, d: TransactionDetail) {
  const facts = transferFacts(d);
  const [book, tokens] = await Promise.all([
    addressBook(
      ctx,
      facts.flatMap((t) => [t.from, t.to, t.token]),
    ),
    tokenBook(
      ctx,
      facts.map((t) => t.token),
    ),
  ]);
  return facts.map((t) => shapeTransfer(t, book, tokens));
}

/** A decoded value as Blockscout's: strings (addresses 0x, checksummed), arrays of them, tuples as arrays. */
function decodedValue(v: unknown): string | unknown[] {
  if (Array.isArray(v)) return v.map(decodedValue);
  return typeof v === 'string' ? hexValue(v) : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** The call decoded as our transaction page decodes it (server/services/inputData.ts), in Blockscout's DecodedInput shape. */
async function decodedInput(ctx: ApiContext, d: TransactionDetail) {
  const data = await inputData(ctx, parseAddress(d.to ?? ''), d.input);
  if (!data) return null;
  const types = data.args.map((a) => `${a.type} ${a.name}`.trim());
  return {
    method_id: data.selector.replace(/^0x/, ''),
    method_call: `${data.function}(${types.join(', ')})`,
    parameters: data.args.map((a) => ({ name: a.name, type: a.type, value: decodedValue(a.value) })),
  };
}

export async function bsTransaction(ctx: ApiContext, hash: string) {
  const d = await detailOrNotFound(ctx, hash);
  const [facts, book, head, transfers, decoded] = await Promise.all([
    txFacts(ctx, [hash]),
    addressBook(ctx, txAddresses(d)),
    indexedHead(ctx),
    shapedTransfers(ctx, d),
    decodedInput(ctx, d),
  ]);
  return shapeTransaction(d, facts.get(hash), head, book, { items: transfers, overflow: false }, decoded);
}

export async function bsTxTokenTransfers(ctx: ApiContext, hash: string) {
  const d = await detailOrNotFound(ctx, hash);
  return { items: await shapedTransfers(ctx, d), next_page_params: null };
}

export async function bsTxLogs(ctx: ApiContext, hash: string) {
  const logs = await transactionLogs(ctx, hash);
  if (!logs) throw notFoundBs();
  const [book, hashes] = await Promise.all([
    addressBook(
      ctx,
      logs.map((l) => l.address),
    ),
    blockHashes(
      ctx,
      logs.map((l) => l.blockNumber),
    ),
  ]);
  return { items: logs.map((l) => shapeLog(l, hashes.get(l.blockNumber) ?? '', book)), next_page_params: null };
}

export async function bsTxInternal(ctx: ApiContext, hash: string) {
  const d = await detailOrNotFound(ctx, hash);
  const calls = d.internalTransactions ?? [];
  const book = await addressBook(
    ctx,
    calls.flatMap((c) => [c.from, c.to]),
  );
  const items = calls.map((c, i) =>
    shapeInternal(
      { ...c, txHash: d.hash, txIndex: d.transactionIndex, blockNumber: d.blockNumber, timestamp: d.timestamp, index: i + 1 },
      book,
    ),
  );
  return { items, next_page_params: null };
}
