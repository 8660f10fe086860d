import { movedTokenText } from '../../lib/movedToken';
import type { LiveTransactionRow } from '../../../common/api/liveLists';
import { EMPTY_TEXTS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { TxSummaryLines } from '../../ui/TxSummaryLines';
import { Panel } from './Panel';
import { HOME_TEXTS, LATEST_TRANSACTION_ROWS, LATEST_TRANSACTION_ROWS_MOBILE } from './texts';

/** Built while rendering: the headers follow the language. */
function columns(): readonly Column<LiveTransactionRow>[] {
  const C = HOME_TEXTS.columns;
  return [
    {
      key: 'hash',
      header: C.hash,
      // What the transaction did, a second line under the hash.
      cell: (t) => (
        <>
          <Hash value={t.hash} copy={false} />
          <TxSummaryLines summary={t.summary} more={t.summaryMore} compact />
        </>
      ),
    },
    { key: 'age', header: C.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'from', header: C.from, cell: (t) => <Address value={t.from} lead={5} copy={false} /> },
    { key: 'to', header: C.to, cell: (t) => <Address value={t.to ?? t.contractAddress} lead={5} copy={false} /> },
    {
      key: 'value',
      header: C.value,
      align: 'end',
      // A token transfer says what moved ('330 RUSD'), not '0 RUBY' (docs/decisions.md#token-rows).
      cell: (t) => {
        const moved = movedTokenText(t);
        return moved === null ? <Amount wei={t.valueWei} /> : <span className="amount">{moved}</span>;
      },
    },
  ];
}

/** The live list of the newest transactions (the channel's TransactionHistories). */
export function LatestTransactions({ rows }: { rows: readonly LiveTransactionRow[] | undefined }) {
  return (
    <Panel title={HOME_TEXTS.latestTransactions} more={{ href: urls.allTransactions(), label: HOME_TEXTS.viewAllTransactions }}>
      <DataTable
        columns={columns()}
        rows={rows?.slice(0, LATEST_TRANSACTION_ROWS)}
        narrowRows={LATEST_TRANSACTION_ROWS_MOBILE}
        rowKey={(t) => t.hash}
        empty={EMPTY_TEXTS.noTransactions}
        caption={HOME_TEXTS.latestTransactions}
        placeholderRows={LATEST_TRANSACTION_ROWS}
      />
    </Panel>
  );
}
