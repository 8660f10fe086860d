/**
 * The address page's tabs beyond Transactions (docs/decisions.md#spec-screens): Tokens and Token transfers, each
 * fetched only while shown, Token transfers with its own page (Internal txns: InternalTxnsTab);
 * and Withdrawals (issue #28), paged, shown only for an address that has any.
 */
import { PAGE_SIZE } from '../../../common/spec';
import { WithdrawalsTable } from '../blocks/WithdrawalsTable';
import { TokenTransfersTable } from '../tokens/TokenTransfersTable';
import { useAddressTokenBalancesQuery, useAddressTokenTransfersQuery, useAddressWithdrawalsQuery } from './addressesApi';
import { PagedSection, type PagedTabProps } from './PagedSection';
import { TokenHoldingsTable } from './TokenHoldingsTable';
import { ADDRESS_TEXTS } from './texts';

export function AddressTokensTab({ address }: { address: string }) {
  const { data, isError, refetch } = useAddressTokenBalancesQuery(address);
  return <TokenHoldingsTable items={data?.result} isError={isError} onRetry={() => void refetch()} caption={ADDRESS_TEXTS.captions.tokens} />;
}

export function AddressTokenTransfersTab({ address, page, onPageChange }: PagedTabProps) {
  const q = useAddressTokenTransfersQuery({ address, page, size: PAGE_SIZE });
  return (
    <PagedSection page={page} onPageChange={onPageChange} query={q} label="Token transfers pages">
      <TokenTransfersTable items={q.isError ? undefined : q.data?.result} isError={q.isError} onRetry={() => void q.refetch()} caption={ADDRESS_TEXTS.captions.tokenTransfers} />
    </PagedSection>
  );
}

/** Whether the address has any withdrawals: page 1 of the tab's own query, so opening it costs nothing more. */
export function useHasWithdrawals(address: string): boolean {
  const { data } = useAddressWithdrawalsQuery({ address, page: 1, size: PAGE_SIZE });
  return (data?.totalTransactions ?? 0) > 0;
}

export function AddressWithdrawalsTab({ address, page, onPageChange }: PagedTabProps) {
  const q = useAddressWithdrawalsQuery({ address, page, size: PAGE_SIZE });
  return (
    <PagedSection page={page} onPageChange={onPageChange} query={q} label="Withdrawals pages">
      <WithdrawalsTable items={q.isError ? undefined : q.data?.result} by="block" isError={q.isError} onRetry={() => void q.refetch()} caption={ADDRESS_TEXTS.captions.withdrawals} />
    </PagedSection>
  );
}
