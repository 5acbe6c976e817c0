// Bar charts on a category or value axis, with tooltip and legend: the dashboard's commission chart and the analysis
// charts. Loaded with the chart (lazy-echart.tsx), never with a page.
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as installEChartsParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

installEChartsParts([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { default } from './echart';
