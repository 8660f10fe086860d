/**
 * Internal txns tab: the calls below the top level, in execution order; the spec's empty text only
 * when there are truly none, the unavailability notice when the node could not tell (calls null).
 */
import type { TxInternalCall } from '../../../common/api/transactions';
import { EMPTY_TEXTS } from '../../../common/spec';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { UnavailableNotice } from '../../ui/UnavailableNotice';
import { TX_TEXTS } from './texts';
import { formatCount } from '../../lib/amount';

const columns: Column<TxInternalCall>[] = [
  { key: 'type', header: 'Type', cell: (c) => <span className="tx-type">{c.callType}</span> },
  { key: 'from', header: 'From', cell: (c) => <Address value={c.from} lead={12} copy="detail" /> },
  { key: 'to', header: 'To', cell: (c) => <Address value={c.to} lead={12} copy="detail" /> },
  { key: 'value', header: 'Value', align: 'end', cell: (c) => <Amount value={c.value} wei={c.valueWei} kind="detail" /> },
  { key: 'gasUsed', header: 'Gas used', align: 'end', cell: (c) => formatCount(c.gasUsed) },
  {
    key: 'result',
    header: 'Result',
    cell: (c) =>
      c.error ? (
        <span className="status-badge status-badge--failed">{c.error}</span>
      ) : (
        <span className="status-badge status-badge--ok">OK</span>
      ),
  },
];

export function TxInternalCalls({ calls, unavailable }: { calls: TxInternalCall[] | null; unavailable: string | null }) {
  if (calls === null) return <UnavailableNotice reason={unavailable ?? TX_TEXTS.internalUnavailable} />;
  return (
    <DataTable
      columns={columns}
      rows={calls}
      rowKey={(c) => c.traceAddress}
      empty={EMPTY_TEXTS.noInternal}
      caption={TX_TEXTS.internalCaption}
    />
  );
}
