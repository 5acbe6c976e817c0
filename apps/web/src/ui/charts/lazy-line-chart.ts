import { lazyChart } from './lazy-echart';

/** Line charts on a grid (ECharts with line-kit.ts), loaded on first use. */
export const LazyLineChart = lazyChart(() => import('./line-kit'));
