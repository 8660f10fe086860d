import { COIN_SYMBOL, HEADER } from '../../../common/spec';
import { formatAmount, formatUsd, type AmountInput } from '../../lib/amount';
import { ExternalLink } from '../../ui/ExternalLink';
import { links } from '../links';

export interface PriceData {
  /** Coin price in USD (the API's price). */
  priceUsd?: AmountInput;
  /** Current gas fee in RUBY (the API's fee). */
  gasFee?: AmountInput;
}

/** Header strip: price in USD, gas fee in RUBY to 5 decimals, Android app link. '...' until data. */
export function PriceStrip({ priceUsd, gasFee }: PriceData) {
  const price = priceUsd === undefined || priceUsd === null ? HEADER.unknownValue : `$${formatUsd(priceUsd)}`;
  const fee =
    gasFee === undefined || gasFee === null ? HEADER.unknownValue : `${formatAmount(gasFee, { places: 5, trim: false })} ${COIN_SYMBOL}`;
  return (
    <div className="price-strip">
      <div className="container price-strip__inner">
        <span>
          <span className="muted">{HEADER.price}: </span>
          <strong data-testid="ruby-price">{price}</strong>
        </span>
        <span>
          <span className="muted">{HEADER.gasFee}: </span>
          <strong data-testid="gas-fee">{fee}</strong>
        </span>
        <ExternalLink href={links.androidApp} className="price-strip__app">
          {HEADER.android}
        </ExternalLink>
      </div>
    </div>
  );
}
