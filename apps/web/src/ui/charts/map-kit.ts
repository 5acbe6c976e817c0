// Markers on an SVG outline (a `geo` coordinate system with a scatter series) with tooltips: the offer map. Loaded
// with the chart (lazy-echart.tsx) and by the map's loader, never with a page.
import { ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import { registerMap, use as installEChartsParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

installEChartsParts([ScatterChart, GeoComponent, TooltipComponent, SVGRenderer]);

/** An SVG outline ECharts can draw as a `geo` named `name` (registered once per name). */
export function registerSvgMap(name: string, svg: string): void {
  registerMap(name, { svg });
}

export { default } from './echart';
