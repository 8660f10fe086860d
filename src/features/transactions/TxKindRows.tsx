/**
 * The rows of the modern transaction kinds on the Details tab: the envelope type
 * in words, live confirmations, the EIP-1559 fee figures (base fee of the block, max fees, the
 * priority fee paid, burnt and saved fees) and the EIP-4844 blob fields of a type 3 transaction.
 */
import type { TransactionDetail } from '../../../common/api/transactions';
import { formatCount, formatGwei } from '../../lib/amount';
import { Amount } from '../../ui/Amount';
import { Hash } from '../../ui/Hash';
import type { DetailRow } from '../../ui/DetailList';
import { TX_KIND_TEXTS } from './texts';
import { useLiveHeadQuery } from './transactionsApi';

const ENVELOPES = ['legacy', 'accessList', 'eip1559', 'blob', 'setCode'] as const;

/** 'EIP-1559 (type 2)', read while rendering (the active language). */
export function envelopeText(type: number): string {
  const key = ENVELOPES[type] ?? 'unknown';
  return TX_KIND_TEXTS.typeValue(TX_KIND_TEXTS.envelope[key], type);
}

/**
 * Confirmations: the API's count at its answer, then the live head's (head − block + 1) as new
 * blocks are pushed; the socket is asked only once the transaction is on screen, in the browser.
 */
export function useConfirmations(tx: TransactionDetail): number {
  // Not in a server render: it has no socket, and would wait for this answer until its deadline.
  const { data: head } = useLiveHeadQuery(undefined, { skip: import.meta.env.SSR });
  const live = head === undefined ? 0 : head - tx.blockNumber + 1;
  return Math.max(tx.confirmations, live);
}

const gwei = (wei: string | null) => (wei === null ? null : TX_KIND_TEXTS.gwei(formatGwei(wei)));

export function confirmationsRow(n: number): DetailRow {
  return { key: 'confirmations', label: TX_KIND_TEXTS.rows.confirmations, value: TX_KIND_TEXTS.confirmationsValue(formatCount(n)) };
}

export function typeRow(tx: TransactionDetail): DetailRow {
  return { key: 'txType', label: TX_KIND_TEXTS.rows.txType, value: envelopeText(tx.type) };
}

/** Base fee, max fees, priority fee paid, burnt and saved fees: each hidden when the transaction or block has none. */
export function feeRows(tx: TransactionDetail): DetailRow[] {
  const R = TX_KIND_TEXTS.rows;
  const o = tx.otherDetails;
  const amount = (wei: string | null) => (wei === null ? null : <Amount wei={wei} kind="detail" />);
  return [
    { key: 'baseFee', label: R.baseFee, hidden: o.baseFeePerGas === null, value: gwei(o.baseFeePerGas) },
    { key: 'maxFee', label: R.maxFee, hidden: o.maxFeePerGas === null, value: gwei(o.maxFeePerGas) },
    { key: 'maxPriorityFee', label: R.maxPriorityFee, hidden: o.maxPriorityFeePerGas === null, value: gwei(o.maxPriorityFeePerGas) },
    {
      key: 'priorityFee',
      label: R.priorityFee,
      hidden: o.priorityFee === null || o.priorityFeePerGas === null,
      value: (
        <span>
          {amount(o.priorityFee)} <span className="muted">({TX_KIND_TEXTS.perGas(formatGwei(o.priorityFeePerGas))})</span>
        </span>
      ),
    },
    { key: 'burntFee', label: R.burntFee, hidden: o.burntFee === null, value: amount(o.burntFee) },
    { key: 'savedFee', label: R.savedFee, hidden: o.savedFee === null, value: amount(o.savedFee) },
  ];
}

/** The blob fields of a type 3 transaction (none otherwise). */
export function blobRows(tx: TransactionDetail): DetailRow[] {
  const b = tx.blob;
  if (!b) return [];
  const R = TX_KIND_TEXTS.rows;
  return [
    {
      key: 'blobHashes',
      label: R.blobHashes,
      value: (
        <ul className="tx-blob-hashes">
          {b.versionedHashes.map((h) => (
            <li key={h}>
              <Hash value={h} display="full" href={null} copy="detail" />
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'maxFeePerBlobGas', label: R.maxFeePerBlobGas, hidden: b.maxFeePerBlobGas === null, value: gwei(b.maxFeePerBlobGas) },
    { key: 'blobGasUsed', label: R.blobGasUsed, hidden: b.blobGasUsed === null, value: formatCount(b.blobGasUsed) },
    { key: 'blobGasPrice', label: R.blobGasPrice, hidden: b.blobGasPrice === null, value: gwei(b.blobGasPrice) },
    {
      key: 'blobFee',
      label: R.blobFee,
      hidden: b.blobFee === null,
      value: b.blobFee === null ? null : <Amount wei={b.blobFee} kind="detail" />,
    },
  ];
}
