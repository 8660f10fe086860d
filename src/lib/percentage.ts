/** Percentages of a supply (top accounts, token holders): '1.2345%', '<0.0001%' for a tiny non-zero share, '0%' for none. */
import { formatAmount } from './amount';

export function formatPercentage(value: number): string {
  return `${formatAmount(value, { places: 4, trim: true })}%`;
}
