/** The address overview: balance in RUBY, transaction count, gas used, last balance update. */
import { Link } from 'wouter';
import { EMPTY_TEXTS, NO_VALUE } from '../../../common/spec';
import type { AddressTransactionsResponse } from '../../../common/api/addresses';
import { urls } from '../../app/urls';
import { Amount } from '../../ui/Amount';
import { ADDRESS_TEXTS } from './texts';

/** Whole-number strings with thousands separators ('1234567' → '1,234,567'); others as they are. */
export function groupDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const s = String(value);
  return /^\d+$/.test(s) ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : s;
}

interface AddressSummaryProps {
  data: AddressTransactionsResponse | undefined;
}

export function AddressSummary({ data }: AddressSummaryProps) {
  const loading = <span className="muted">{EMPTY_TEXTS.loading}</span>;
  const block = data?.lastBalanceUpdate;
  return (
    <section className="panel detail-summary" aria-labelledby="address-overview">
      <h2 id="address-overview" className="detail-summary__title">
        {ADDRESS_TEXTS.overview}
      </h2>
      <dl className="detail-grid">
        <div>
          <dt>{ADDRESS_TEXTS.balance}</dt>
          <dd>{data ? <Amount value={data.balance} wei={data.balanceWei} /> : loading}</dd>
        </div>
        <div>
          <dt>{ADDRESS_TEXTS.transactions}</dt>
          <dd>{data ? groupDigits(data.trx_length) : loading}</dd>
        </div>
        <div>
          <dt>{ADDRESS_TEXTS.gasUsed}</dt>
          <dd>{data ? groupDigits(data.Gasused) : loading}</dd>
        </div>
        <div>
          <dt>{ADDRESS_TEXTS.lastBalanceUpdate}</dt>
          <dd>
            {!data ? loading : block === null || block === undefined ? NO_VALUE : (
              <Link href={urls.block(block)}>{`${ADDRESS_TEXTS.block} ${block}`}</Link>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
