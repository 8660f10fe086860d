/** The charts, each loaded on demand so the chart libraries stay out of the entry chunks. */
import { lazy } from 'react';

export const CountFeeLineChart = lazy(() => import('./CountFeeLineChart'));
export const SimpleBarChart = lazy(() => import('./SimpleBarChart'));
export const SimpleLineChart = lazy(() => import('./SimpleLineChart'));
export const DoughnutChart = lazy(() => import('./DoughnutChart'));
