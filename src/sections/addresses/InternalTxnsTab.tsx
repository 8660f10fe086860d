import { PAGE_SIZE } from '../../../common/spec';
import { useAddressInternalTxnsQuery } from '../../features/addresses/addressesApi';
import { InternalTxTable } from './InternalTxTable';
import { PagedSection } from '../../ui/PagedSection';
import { UnavailableNotice } from '../../ui/UnavailableNotice';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { INTERNAL_TEXTS } from './texts';

interface InternalTxnsTabProps {
  address: string;
  caption: string;
  statusCase?: 'title' | 'lower';
}

/** The Internal txns tab of the address, token and contract pages (the same endpoint, by address), 20 per page by default, page and size in the URL. */
export function InternalTxnsTab({ address, caption, statusCase }: InternalTxnsTabProps) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useAddressInternalTxnsQuery({ address, page: list.page, size: list.size });
  const items = q.isError ? undefined : q.data?.result;
  // Blocks indexed without traces: an empty list is "not available", not "none".
  const unavailable = q.data?.internalTransactionsUnavailable ?? null;
  return (
    <PagedSection list={list} query={q} label={INTERNAL_TEXTS.pages}>
      {unavailable !== null && items?.length === 0 ? (
        <UnavailableNotice reason={unavailable} />
      ) : (
        <InternalTxTable items={items} isError={q.isError} onRetry={() => void q.refetch()} caption={caption} statusCase={statusCase} />
      )}
      {unavailable !== null && items !== undefined && items.length > 0 && <UnavailableNotice reason={unavailable} />}
    </PagedSection>
  );
}
