/**
 * A transaction the node knows before the index does: sent a moment ago and
 * waiting in the pool, or mined and being indexed. Its status reads 'Pending' (or the block it was
 * mined in); the page asks again by itself and switches to the full detail once it is indexed.
 */
import type { NodeTransaction } from '../../../common/api/pending';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DetailList, type DetailRow } from '../../ui/DetailList';
import { Hash } from '../../ui/Hash';
import { formatCount, formatGwei } from '../../lib/amount';
import { InputDataSection } from './InputDataSection';
import { TX_ROWS, TX_TEXTS } from './texts';
import '../../ui/statusBadge.css';

export function PendingTxView({ tx }: { tx: NodeTransaction }) {
  const P = TX_TEXTS.pendingView;
  const mined = tx.blockNumber !== null;
  const rows: DetailRow[] = [
    { label: TX_ROWS.hash, value: <Hash value={tx.hash} display="full" href={null} copy="detail" /> },
    {
      label: TX_ROWS.status,
      value: (
        <span>
          <span className="status-badge status-badge--pending">{mined ? P.indexing(tx.blockNumber!) : P.pending}</span>{' '}
          <span className="muted">{mined ? P.indexingNote : P.pendingNote}</span>
        </span>
      ),
    },
    {
      key: 'method',
      label: TX_ROWS.method,
      hidden: !tx.inputData,
      value: (
        <span className="tx-type" translate="no">
          {tx.inputData?.function}
        </span>
      ),
    },
    { label: TX_ROWS.from, value: <Address value={tx.from} lead="full" copy="detail" /> },
    { key: 'to', label: TX_ROWS.to, hidden: !tx.to, value: <Address value={tx.to} lead="full" copy="detail" /> },
    { label: TX_ROWS.value, value: <Amount value={tx.value} wei={tx.valueWei} kind="detail" /> },
    { label: P.maxFee, value: <Amount value={tx.fee} wei={tx.feeWei} kind="detail" /> },
    { label: TX_ROWS.gas, value: formatCount(tx.gas) },
    { label: TX_ROWS.gasPrice, value: `${formatGwei(tx.gasPriceWei)} Gwei` },
    { label: TX_ROWS.nonce, value: String(tx.nonce) },
  ];
  return (
    <div className="tx-pending">
      <DetailList rows={rows} label={P.label} />
      <InputDataSection input={tx.input} inputData={tx.inputData} />
    </div>
  );
}
