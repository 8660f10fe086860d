/** From API data to chart marks and to the rows of each chart's data table (pure functions). */
import type { TopAccount } from '../../../common/api/addresses';
import type { BlockChartPoint } from '../../../common/api/blocks';
import type { GraphBucket, HourlyPoint } from '../../../common/api/charts';
import { fillMessage } from '../../../common/spec';
import { formatAmount, formatPercentage } from '../../lib/amount';
import type { SliceDatum } from '../../ui/charts/DoughnutChart';
import type { BarDatum } from '../../ui/charts/SimpleBarChart';
import { hourLabel, sliceColor } from '../../ui/charts/chartFormat';
import { CHART_TEXTS } from './texts';

const ruby = (v: number) => formatAmount(v);

/** Total fee per hour as a line. */
export function feeLine(points: readonly HourlyPoint[]): BarDatum[] {
  return points.map((p) => ({
    key: String(p.timestamp),
    label: hourLabel(p.hour),
    value: p.totalFee,
    title: CHART_TEXTS.feeTitle(hourLabel(p.hour), ruby(p.totalFee)),
  }));
}

/**
 * Total fee per hour as doughnut slices (hours with fees only); each hour keeps its colour
 * whatever the others hold. Fewer than two slices make no doughnut: the page says it in words.
 */
export function feeSlices(points: readonly HourlyPoint[]): SliceDatum[] {
  const total = points.reduce((s, p) => s + p.totalFee, 0);
  return points
    .filter((p) => p.totalFee > 0)
    .map((p) => ({
      key: String(p.timestamp),
      label: hourLabel(p.hour),
      value: p.totalFee,
      title: `${hourLabel(p.hour)}: ${ruby(p.totalFee)} RUBY (${formatPercentage(total > 0 ? (p.totalFee / total) * 100 : 0, 1)})`,
      color: sliceColor(p.hour, 24),
    }));
}

/** The richest accounts; tooltip 'Balance: {n}' (spec). */
export function balanceBars(accounts: readonly TopAccount[]): BarDatum[] {
  return accounts.map((a) => ({
    key: a.address,
    label: `#${a.rank}`,
    value: a.balance,
    title: fillMessage(CHART_TEXTS.balanceTooltip, { n: ruby(a.balance) }),
  }));
}

/**
 * One x-label format per unit: an hour reads 'Hour 19' on every chart (the
 * spec's 'Hour N'; the token chart's 'HH:00' buckets too), a day 'MM-DD'.
 */
export const bucketLabel = (id: string) => {
  if (/^\d{4}-\d\d-\d\d$/.test(id)) return id.slice(5);
  const hour = /^(\d{1,2}):00$/.exec(id);
  return hour ? hourLabel(Number(hour[1])) : id;
};

/** Labelled counts (per hour or per day) as bars or line points. */
export function bucketBars(buckets: readonly GraphBucket[], what: string): BarDatum[] {
  return buckets.map((b) => ({
    key: b.createdAt,
    label: bucketLabel(b._id),
    value: b.count,
    title: `${bucketLabel(b._id)}: ${b.count} ${what}`,
  }));
}

export const rows = {
  hourly: (points: readonly HourlyPoint[]) => points.map((p) => [hourLabel(p.hour), String(p.count), ruby(p.totalFee)]),
  accounts: (accounts: readonly TopAccount[]) => accounts.map((a) => [String(a.rank), a.address, ruby(a.balance)]),
  blocks: (points: readonly BlockChartPoint[]) => points.map((p) => [String(p.blockNumber), String(p.Trx)]),
  buckets: (buckets: readonly GraphBucket[]) => buckets.map((b) => [b._id, String(b.count)]),
};

export const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
