/** Home tile formats (docs/decisions.md#spec-screens "Home", docs/decisions.md#truth). */
import { COIN_SYMBOL, HOME, NO_VALUE } from '../../../common/spec';
import { formatCount, formatFee, formatWei } from '../../lib/amount';

/** A count with thousands separators ('1,234'); '—' when absent (the one formatter, src/lib/amount.ts). */
export { formatCount };

/** Blocks on the chain: heights 0..latest, so latest + 1; '—' before the first block. */
export function totalBlocks(latestBlockNumber: number | null | undefined): number | null {
  return latestBlockNumber === null || latestBlockNumber === undefined ? null : latestBlockNumber + 1;
}

/** The real average block time: 'N s'. */
export function formatBlockTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NO_VALUE;
  return `${Math.round(seconds)} ${HOME.avgBlockTimeUnit}`;
}

/** Gas tracker: '0 Ruby' when the fee is absent, else the fee in RUBY to 5 decimals. */
export function formatGasTracker(fee: number | null | undefined, feeWei?: string | null): string {
  if (feeWei) return `${formatWei(feeWei, { places: 5, trim: false })} ${COIN_SYMBOL}`;
  if (fee === null || fee === undefined) return HOME.gasTrackerEmpty;
  return `${formatFee(fee)} ${COIN_SYMBOL}`;
}
