/**
 * Top accounts (/Topaccounts): the richest addresses, 20 per page (page and size in the URL), with rank, address, balance in
 * RUBY and the percentage of the total supply as the API computes it (balance ÷ 271822351 × 100).
 */
import { PAGE_SIZE, SCREEN_TITLES } from '../../../common/spec';
import type { TopAccount } from '../../../common/api/addresses';
import { formatPercentage } from '../../lib/amount';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { PagedSection } from '../../ui/PagedSection';
import { PageTitle } from '../../ui/PageTitle';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { MOBILE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { useTopAccountsPageQuery } from './addressesApi';
import { DetailCopyToasts } from '../../ui/DetailCopyToasts';
import { LoadError } from '../../ui/LoadError';
import { TOP_ACCOUNTS_TEXTS } from './texts';
import '../../ui/detail.css';
import './addresses.css';

/** In src/lib/amount.ts (the token page's Holders tab shares it); re-exported for the tests. */
export { formatPercentage };

/** Addresses keep 20 leading characters on a desktop, 12 on a phone card. */
function columns(lead: 20 | 12): Column<TopAccount>[] {
  return [
    { key: 'rank', header: TOP_ACCOUNTS_TEXTS.rank, cell: (a) => a.rank },
    { key: 'address', header: TOP_ACCOUNTS_TEXTS.address, cell: (a) => <Address value={a.address} lead={lead} copy="detail" /> },
    { key: 'balance', header: TOP_ACCOUNTS_TEXTS.balance, align: 'end', cell: (a) => <Amount value={a.balance} wei={a.balanceWei} /> },
    { key: 'percentage', header: TOP_ACCOUNTS_TEXTS.percentage, align: 'end', cell: (a) => formatPercentage(a.percentage) },
  ];
}

export function TopAccountsPage() {
  const list = usePagedUrl(PAGE_SIZE);
  const { data, currentData, isError, isFetching, refetch } = useTopAccountsPageQuery({ page: list.page, size: list.size });
  const narrow = useMediaQuery(MOBILE_QUERY);
  return (
    <DetailCopyToasts>
      <section className="page">
        <PageTitle>{SCREEN_TITLES.topAccounts}</PageTitle>
        <p className="muted">{TOP_ACCOUNTS_TEXTS.intro}</p>
        <div className="panel list-panel">
          <PagedSection list={list} query={{ data, currentData, isFetching }} label={TOP_ACCOUNTS_TEXTS.pages}>
            {isError ? (
              <LoadError message={TOP_ACCOUNTS_TEXTS.loadFailed} onRetry={() => void refetch()} />
            ) : (
              <DataTable
                columns={columns(narrow ? 12 : 20)}
                rows={data?.result}
                rowKey={(a) => a.address}
                empty={TOP_ACCOUNTS_TEXTS.empty}
                caption={TOP_ACCOUNTS_TEXTS.caption}
                placeholderRows={PAGE_SIZE}
              />
            )}
          </PagedSection>
        </div>
      </section>
    </DetailCopyToasts>
  );
}
