/**
 * The charts, each loaded on demand so the chart libraries stay out of the entry chunks; a page
 * rendered by the server loads the ones it draws before the SPA's first render (src/app/routes.tsx).
 */
import { lazyComponent } from '../../lib/lazyComponent';

export const CountFeeLineChart = lazyComponent(() => import('./CountFeeLineChart').then((m) => m.default));
export const SimpleBarChart = lazyComponent(() => import('./SimpleBarChart').then((m) => m.default));
export const SimpleLineChart = lazyComponent(() => import('./SimpleLineChart').then((m) => m.default));
export const DoughnutChart = lazyComponent(() => import('./DoughnutChart').then((m) => m.default));
