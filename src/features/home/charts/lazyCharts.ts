/** The home charts, each loaded on demand so the chart libraries stay out of the home entry. */
import { lazy } from 'react';

export const CountFeeLineChart = lazy(() => import('./CountFeeLineChart'));
export const SimpleBarChart = lazy(() => import('./SimpleBarChart'));
