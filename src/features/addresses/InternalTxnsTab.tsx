import { PAGE_SIZE } from '../../../common/spec';
import { useAddressInternalTxnsQuery } from './addressesApi';
import { InternalTxTable } from './InternalTxTable';
import { PagedSection, type PagedTabProps } from './PagedSection';

interface InternalTxnsTabProps extends PagedTabProps {
  caption: string;
  statusCase?: 'title' | 'lower';
}

/** The Internal txns tab of the address, token and contract pages (the same endpoint, by address), 20 per page. */
export function InternalTxnsTab({ address, page, onPageChange, caption, statusCase }: InternalTxnsTabProps) {
  const q = useAddressInternalTxnsQuery({ address, page, size: PAGE_SIZE });
  return (
    <PagedSection page={page} onPageChange={onPageChange} query={q} label="Internal transactions pages">
      <InternalTxTable items={q.isError ? undefined : q.data?.result} isError={q.isError} onRetry={() => void q.refetch()} caption={caption} statusCase={statusCase} />
    </PagedSection>
  );
}
