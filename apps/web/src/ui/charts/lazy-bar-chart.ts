import { lazyChart } from './lazy-echart';

/** Bar charts on a grid (ECharts with bar-kit.ts), loaded on first use. */
export const LazyBarChart = lazyChart(() => import('./bar-kit'));
