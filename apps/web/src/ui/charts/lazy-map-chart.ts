import { lazyChart } from './lazy-echart';

/** Markers on an SVG map (ECharts with map-kit.ts), loaded on first use. */
export const LazyMapChart = lazyChart(() => import('./map-kit'));
