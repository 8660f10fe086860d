import type { LiveTransactionRow } from '../../../common/api/liveLists';
import { EMPTY_TEXTS, STATUS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { formatWei } from '../../lib/amount';
import { movedTokenText } from '../../lib/movedToken';
import { txTypeLabel } from '../../lib/txType';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { Panel } from './Panel';
import { HOME_TEXTS, LATEST_TRANSACTION_ROWS, LATEST_TRANSACTION_ROWS_MOBILE } from './texts';

function StatusBadge({ status }: { status: number }) {
  const ok = status === 1;
  return <span className={`status-badge status-badge--${ok ? 'ok' : 'failed'}`}>{ok ? STATUS.success : STATUS.failed}</span>;
}

/** Built while rendering: the headers follow the language. */
function columns(): readonly Column<LiveTransactionRow>[] {
  const C = HOME_TEXTS.columns;
  return [
    { key: 'type', header: C.type, cell: (t) => txTypeLabel(t.transactiontype, 'home') },
    { key: 'age', header: C.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'hash', header: C.hash, cell: (t) => <Hash value={t.hash} /> },
    { key: 'from', header: C.from, cell: (t) => <Address value={t.from} lead={12} /> },
    { key: 'to', header: C.to, cell: (t) => <Address value={t.to ?? t.contractAddress} lead={12} /> },
    { key: 'status', header: C.status, cell: (t) => <StatusBadge status={t.status} /> },
    {
      key: 'value',
      header: C.value,
      align: 'end',
      // A token transfer says what moved ('330 RUSD'), not '0 Value' (docs/decisions.md#token-rows).
      cell: (t) => movedTokenText(t) ?? HOME_TEXTS.valueSuffix({ n: formatWei(t.valueWei, { places: 5, trim: true }) }),
    },
    {
      key: 'fee',
      header: C.fee,
      align: 'end',
      cell: (t) => HOME_TEXTS.feeSuffix({ n: formatWei(t.feeWei, { places: 5, trim: false }) }),
    },
  ];
}

interface TypedTransactionsProps {
  kind: 'token' | 'contract';
  rows: readonly LiveTransactionRow[] | undefined;
}

/** Token Transactions / Contract Transactions: the channel's Tokentransaction / Contracttransaction. */
export function TypedTransactions({ kind, rows }: TypedTransactionsProps) {
  const title = kind === 'token' ? HOME_TEXTS.tokenTransactions : HOME_TEXTS.contractTransactions;
  const more = kind === 'token' ? HOME_TEXTS.viewTokenTransactions : HOME_TEXTS.viewAllContractTransactions;
  return (
    <Panel title={title} more={{ href: urls.allTransactions(), label: more }}>
      <DataTable
        columns={columns()}
        rows={rows?.slice(0, LATEST_TRANSACTION_ROWS)}
        narrowRows={LATEST_TRANSACTION_ROWS_MOBILE}
        rowKey={(t) => t.hash}
        empty={EMPTY_TEXTS.noTransactions}
        caption={title}
        placeholderRows={LATEST_TRANSACTION_ROWS}
      />
    </Panel>
  );
}
