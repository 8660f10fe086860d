import { formatDetailUnits } from '../../lib/amount';
import { DEFAULT_TOKEN_DECIMALS } from '../../../common/txTypes';

interface TokenAmountProps {
  /** Base units as the API's *Wei field sends them. */
  units: string | null | undefined;
  decimals: number | null | undefined;
  symbol?: string | null;
}

/** A token amount, exact (at least 6 decimals), and its symbol. */
export function TokenAmount({ units, decimals, symbol }: TokenAmountProps) {
  const text = formatDetailUnits(units, decimals ?? DEFAULT_TOKEN_DECIMALS);
  return (
    <span className="amount" data-exact="">
      {symbol ? `${text} ${symbol}` : text}
    </span>
  );
}
