/**
 * The address page's tabs beyond Transactions (the specification's explorer pages): Tokens and Token transfers, each
 * fetched only while shown, Token transfers paged (page and size in the URL; Internal txns:
 * InternalTxnsTab); and Withdrawals, paged, shown only for an address that has any.
 */
import { PAGE_SIZE } from '../../../common/spec';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { WithdrawalsTable } from '../../sections/withdrawals/WithdrawalsTable';
import { TokenTransfersTable } from '../../sections/tokens/TokenTransfersTable';
import { useAddressTokenBalancesQuery, useAddressTokenTransfersQuery, useAddressWithdrawalsQuery } from './addressesApi';
import { TokenHoldingsTable } from '../../sections/tokens/TokenHoldingsTable';
import { ADDRESS_TEXTS } from './texts';
import { WITHDRAWAL_TEXTS } from '../../sections/withdrawals/texts';

export function AddressTokensTab({ address }: { address: string }) {
  const { data, isError, refetch } = useAddressTokenBalancesQuery(address);
  return (
    <TokenHoldingsTable items={data?.result} isError={isError} onRetry={() => void refetch()} caption={ADDRESS_TEXTS.captions.tokens} />
  );
}

export function AddressTokenTransfersTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useAddressTokenTransfersQuery({ address, page: list.page, size: list.size });
  return (
    <PagedSection list={list} query={q} label={ADDRESS_TEXTS.transfersPages}>
      <TokenTransfersTable
        items={q.isError ? undefined : q.data?.result}
        isError={q.isError}
        onRetry={() => void q.refetch()}
        caption={ADDRESS_TEXTS.captions.tokenTransfers}
      />
    </PagedSection>
  );
}

export function AddressWithdrawalsTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useAddressWithdrawalsQuery({ address, page: list.page, size: list.size });
  return (
    <PagedSection list={list} query={q} label={WITHDRAWAL_TEXTS.pages}>
      <WithdrawalsTable
        items={q.isError ? undefined : q.data?.result}
        by="block"
        isError={q.isError}
        onRetry={() => void q.refetch()}
        caption={ADDRESS_TEXTS.captions.withdrawals}
      />
    </PagedSection>
  );
}
