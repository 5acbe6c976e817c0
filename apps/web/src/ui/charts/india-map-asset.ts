// The shape of assets/india-map.json, which apps/web/build/india-map.ts writes at build time from @svg-maps/india
// (CC BY 4.0): the outline as SVG (regions named with the app's state names) and, per state, its GST code and the
// point of the SVG where a marker goes.
export type IndiaMapState = { code: string; anchor: [number, number] };
export type IndiaMapAsset = {
  attribution: string;
  licence: string;
  viewBox: [number, number, number, number];
  svg: string;
  states: Record<string, IndiaMapState>;
};

/** The asset's URL, with a hash of its content the build defines so the server's year-long cache never goes stale. */
export const INDIA_MAP_URL = import.meta.env.VITE_INDIA_MAP_VERSION
  ? `/assets/india-map.json?v=${import.meta.env.VITE_INDIA_MAP_VERSION}`
  : '/assets/india-map.json';

/** The name the outline is registered under with ECharts. */
export const INDIA_MAP_NAME = 'india';
