/**
 * The address page's tabs beyond Transactions (spec section 2): Tokens, Token transfers and
 * Internal txns, each fetched only while shown, each with its own page.
 */
import { PAGE_SIZE } from '../../../common/spec';
import { TokenTransfersTable } from '../tokens/TokenTransfersTable';
import { useAddressInternalTxnsQuery, useAddressTokenBalancesQuery, useAddressTokenTransfersQuery } from './addressesApi';
import { InternalTxTable } from './InternalTxTable';
import { PagedSection } from './PagedSection';
import { TokenHoldingsTable } from './TokenHoldingsTable';
import { ADDRESS_TEXTS } from './texts';

interface PagedTabProps {
  address: string;
  page: number;
  onPageChange: (page: number) => void;
}

export function AddressTokensTab({ address }: { address: string }) {
  const { data, isError, refetch } = useAddressTokenBalancesQuery(address);
  return <TokenHoldingsTable items={data?.result} isError={isError} onRetry={() => void refetch()} caption={ADDRESS_TEXTS.captions.tokens} />;
}

export function AddressTokenTransfersTab({ address, page, onPageChange }: PagedTabProps) {
  const { data, currentData, isError, isFetching, refetch } = useAddressTokenTransfersQuery({ address, page, size: PAGE_SIZE });
  return (
    <PagedSection page={page} onPageChange={onPageChange} totalPages={data?.totalPages} label="Token transfers pages" disabled={isFetching}>
      <div className={currentData === undefined && isFetching ? 'is-stale' : undefined} aria-busy={isFetching}>
        <TokenTransfersTable
          items={isError ? undefined : data?.result}
          isError={isError}
          onRetry={() => void refetch()}
          caption={ADDRESS_TEXTS.captions.tokenTransfers}
        />
      </div>
    </PagedSection>
  );
}

export function AddressInternalTab({ address, page, onPageChange }: PagedTabProps) {
  const { data, currentData, isError, isFetching, refetch } = useAddressInternalTxnsQuery({ address, page, size: PAGE_SIZE });
  return (
    <PagedSection page={page} onPageChange={onPageChange} totalPages={data?.totalPages} label="Internal transactions pages" disabled={isFetching}>
      <div className={currentData === undefined && isFetching ? 'is-stale' : undefined} aria-busy={isFetching}>
        <InternalTxTable
          items={isError ? undefined : data?.result}
          isError={isError}
          onRetry={() => void refetch()}
          caption={ADDRESS_TEXTS.captions.internal}
        />
      </div>
    </PagedSection>
  );
}
