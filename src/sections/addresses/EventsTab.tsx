/**
 * The address page's Events tab (contracts): the logs the contract emitted, newest first, paged,
 * decoded by the server where it can. Shown only for an address that emitted any (only contracts
 * emit logs), like the Withdrawals tab.
 */
import { PAGE_SIZE } from '../../../common/spec';
import { Loading } from '../../ui/Loading';
import { EmptyState } from '../../ui/EmptyState';
import { LogList } from '../../ui/LogList';
import { useAddressEventsQuery } from '../../features/transactions/logsApi';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { EVENTS_TEXTS } from './texts';

/** Whether the address emitted any event: page 1 of the tab's own query, so opening it costs nothing more. */
export function useHasEvents(address: string): boolean {
  const { data } = useAddressEventsQuery({ address, page: 1, size: PAGE_SIZE });
  return (data?.totalTransactions ?? 0) > 0;
}

export function EventsTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useAddressEventsQuery({ address, page: list.page, size: list.size });
  const rows = q.isError ? undefined : q.data?.result;
  return (
    <PagedSection list={list} query={q} label={EVENTS_TEXTS.pages}>
      {q.isError && !q.data ? (
        <LoadError message={LIST_LOAD_FAILED} onRetry={() => void q.refetch()} />
      ) : !rows ? (
        <Loading minHeight="12rem" />
      ) : rows.length === 0 ? (
        <EmptyState>{EVENTS_TEXTS.empty}</EmptyState>
      ) : (
        <LogList logs={rows} caption={EVENTS_TEXTS.caption} showTx />
      )}
    </PagedSection>
  );
}
