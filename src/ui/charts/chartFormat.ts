/** Small number formats for chart axes and tooltips (charts only; lists use src/lib/amount). */
import { fillMessage } from '../../../common/spec';
import { CHART_UI_TEXTS } from './texts';

/** 'Hour N' (docs/decisions.md#spec-screens). */
export function hourLabel(hour: number): string {
  return fillMessage(CHART_UI_TEXTS.hourLabel, { n: String(hour) });
}

/** A fee tick: '0', '0.0012', '2.5e-5' (short enough for an axis). */
export function feeTick(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) < 0.0001) return v.toExponential(1);
  return String(Number(v.toPrecision(3)));
}

/** An integer count tick ('1.2k' above 9999); fractional ticks of small domains are dropped. */
export function countTick(v: number): string {
  if (!Number.isInteger(v)) return '';
  if (Math.abs(v) >= 10_000) return `${Number((v / 1000).toPrecision(3))}k`;
  return String(v);
}

/** Every k-th index so that at most `max` labels fit. */
export function sparseTicks(count: number, max: number): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil(count / Math.max(1, max)));
  const out: number[] = [];
  for (let i = 0; i < count; i += step) out.push(i);
  return out;
}

/** A value tick for amounts (balances): '950', '12.5k', '3.2M'; keeps small fractions readable. */
export function amountTick(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e9) return `${Number((v / 1e9).toPrecision(3))}B`;
  if (a >= 1e6) return `${Number((v / 1e6).toPrecision(3))}M`;
  if (a >= 1e4) return `${Number((v / 1e3).toPrecision(3))}k`;
  return feeTick(v);
}

/** A categorical colour for slice `i` of `n`, spread around the hue circle (readable on light and dark). */
export function sliceColor(i: number, n: number): string {
  return `hsl(${Math.round((i * 360) / Math.max(1, n) + 350) % 360} 62% 52%)`;
}
