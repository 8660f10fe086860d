/** The token page's paged tabs: Token transfers (200 per page, spec section 9) and Internal txns (20). */
import { PAGE_SIZE, PAGE_SIZES } from '../../../common/spec';
import { useAddressInternalTxnsQuery } from '../addresses/addressesApi';
import { InternalTxTable } from '../addresses/InternalTxTable';
import { PagedSection } from '../addresses/PagedSection';
import { TokenTransfersTable } from './TokenTransfersTable';
import { useTokenTransfersPageQuery } from './tokensApi';
import { TOKEN_TEXTS } from './texts';

interface PagedTabProps {
  address: string;
  page: number;
  onPageChange: (page: number) => void;
}

export function TokenTransfersTab({ address, page, onPageChange }: PagedTabProps) {
  const { data, currentData, isError, isFetching, refetch } = useTokenTransfersPageQuery({ address, page, size: PAGE_SIZES.tokenTransfers });
  return (
    <PagedSection page={page} onPageChange={onPageChange} totalPages={data?.totalPages} label="Token transfers pages" disabled={isFetching}>
      <div className={currentData === undefined && isFetching ? 'is-stale' : undefined} aria-busy={isFetching}>
        <TokenTransfersTable
          items={isError ? undefined : data?.result}
          isError={isError}
          onRetry={() => void refetch()}
          caption={TOKEN_TEXTS.transfersCaption}
          showToken={false}
          statusCase="lower"
        />
      </div>
    </PagedSection>
  );
}

export function TokenInternalTab({ address, page, onPageChange }: PagedTabProps) {
  const { data, currentData, isError, isFetching, refetch } = useAddressInternalTxnsQuery({ address, page, size: PAGE_SIZE });
  return (
    <PagedSection page={page} onPageChange={onPageChange} totalPages={data?.totalPages} label="Internal transactions pages" disabled={isFetching}>
      <div className={currentData === undefined && isFetching ? 'is-stale' : undefined} aria-busy={isFetching}>
        <InternalTxTable
          items={isError ? undefined : data?.result}
          isError={isError}
          onRetry={() => void refetch()}
          caption={TOKEN_TEXTS.internalCaption}
          statusCase="lower"
        />
      </div>
    </PagedSection>
  );
}
