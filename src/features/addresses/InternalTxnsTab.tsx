import { PAGE_SIZE } from '../../../common/spec';
import { useAddressInternalTxnsQuery } from './addressesApi';
import { InternalTxTable } from './InternalTxTable';
import { PagedSection, type PagedTabProps } from './PagedSection';
import { UnavailableNotice } from '../../ui/UnavailableNotice';

interface InternalTxnsTabProps extends PagedTabProps {
  caption: string;
  statusCase?: 'title' | 'lower';
}

/** The Internal txns tab of the address, token and contract pages (the same endpoint, by address), 20 per page. */
export function InternalTxnsTab({ address, page, onPageChange, caption, statusCase }: InternalTxnsTabProps) {
  const q = useAddressInternalTxnsQuery({ address, page, size: PAGE_SIZE });
  const items = q.isError ? undefined : q.data?.result;
  // Issue #28: blocks indexed without traces: an empty list is "not available", not "none".
  const unavailable = q.data?.internalTransactionsUnavailable ?? null;
  return (
    <PagedSection page={page} onPageChange={onPageChange} query={q} label="Internal transactions pages">
      {unavailable !== null && items?.length === 0 ? (
        <UnavailableNotice reason={unavailable} />
      ) : (
        <InternalTxTable items={items} isError={q.isError} onRetry={() => void q.refetch()} caption={caption} statusCase={statusCase} />
      )}
      {unavailable !== null && items !== undefined && items.length > 0 && <UnavailableNotice reason={unavailable} />}
    </PagedSection>
  );
}
