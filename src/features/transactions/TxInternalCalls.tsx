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

function columns(): Column<TxInternalCall>[] {
  const C = TX_TEXTS.internalColumns;
  return [
    { key: 'type', header: C.type, cell: (c) => <span className="tx-type">{c.callType}</span> },
    { key: 'from', header: C.from, cell: (c) => <Address value={c.from} lead={12} copy="detail" /> },
    { key: 'to', header: C.to, cell: (c) => <Address value={c.to} lead={12} copy="detail" /> },
    { key: 'value', header: C.value, align: 'end', cell: (c) => <Amount value={c.value} wei={c.valueWei} kind="detail" /> },
    { key: 'gasUsed', header: C.gasUsed, align: 'end', cell: (c) => formatCount(c.gasUsed) },
    {
      key: 'result',
      header: C.result,
      cell: (c) =>
        c.error ? (
          <span className="status-badge status-badge--failed">{c.error}</span>
        ) : (
          <span className="status-badge status-badge--ok">{C.ok}</span>
        ),
    },
  ];
}

export function TxInternalCalls({ calls, unavailable }: { calls: TxInternalCall[] | null; unavailable: string | null }) {
  if (calls === null) return <UnavailableNotice reason={unavailable ?? TX_TEXTS.internalUnavailable} />;
  return (
    <DataTable
      columns={columns()}
      rows={calls}
      rowKey={(c) => c.traceAddress}
      empty={EMPTY_TEXTS.noInternal}
      caption={TX_TEXTS.internalCaption}
    />
  );
}
