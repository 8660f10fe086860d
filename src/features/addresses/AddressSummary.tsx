/** The address overview: balance in RUBY, transaction count, gas used, last balance update. */
import { Link } from 'wouter';
import { EMPTY_TEXTS, NO_VALUE } from '../../../common/spec';
import type { AddressTransactionsResponse } from '../../../common/api/addresses';
import { urls } from '../../app/urls';
import { Amount } from '../../ui/Amount';
import { groupDigits } from '../../lib/detailFormat';
import { DetailSummary } from '../../ui/DetailSummary';
import { ADDRESS_TEXTS } from './texts';

interface AddressSummaryProps {
  data: AddressTransactionsResponse | undefined;
}

export function AddressSummary({ data }: AddressSummaryProps) {
  const loading = <span className="muted">{EMPTY_TEXTS.loading}</span>;
  const block = data?.lastBalanceUpdate;
  const lastUpdate =
    block === null || block === undefined ? NO_VALUE : <Link href={urls.block(block)}>{`${ADDRESS_TEXTS.block} ${block}`}</Link>;
  return (
    <DetailSummary
      id="address-overview"
      title={ADDRESS_TEXTS.overview}
      rows={[
        [ADDRESS_TEXTS.balance, data ? <Amount key="b" value={data.balance} wei={data.balanceWei} /> : loading],
        [ADDRESS_TEXTS.transactions, data ? groupDigits(data.trx_length) : loading],
        [ADDRESS_TEXTS.gasUsed, data ? groupDigits(data.Gasused) : loading],
        [ADDRESS_TEXTS.lastBalanceUpdate, data ? lastUpdate : loading],
      ]}
    />
  );
}
