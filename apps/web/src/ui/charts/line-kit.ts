// Line charts on a category axis, with tooltip and legend: the analysis page's average prices. Loaded with the chart
// (lazy-echart.tsx), never with a page.
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as installEChartsParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

installEChartsParts([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { default } from './echart';
