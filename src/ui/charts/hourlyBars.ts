import type { BlockChartPoint } from '../../../common/api/blocks';
import { UI_TEXTS } from '../texts';
import type { HourlyPoint } from '../../../common/api/charts';
import type { BarDatum } from './SimpleBarChart';
import { hourLabel } from './chartFormat';

/** Bars of transactions per hour. */
export function hourlyBars(points: readonly HourlyPoint[]): BarDatum[] {
  return points.map((p) => ({
    key: String(p.timestamp),
    label: hourLabel(p.hour),
    value: p.count,
    title: UI_TEXTS.hourBarTitle(hourLabel(p.hour), p.count),
  }));
}

/** Bars of transactions per block. */
export function blockBars(points: readonly BlockChartPoint[]): BarDatum[] {
  return points.map((p) => ({
    key: String(p.blockNumber),
    label: String(p.blockNumber),
    value: p.Trx,
    title: UI_TEXTS.blockBarTitle(p.blockNumber, p.Trx),
  }));
}
