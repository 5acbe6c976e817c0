// The map of India (GET assets/india-map.json, spec 001 §9), registered with ECharts once loaded. ECharts itself is
// imported here only lazily, with the chart: no page's first paint waits for it.
import { useQuery } from '@tanstack/react-query';
import { INDIA_MAP_NAME, INDIA_MAP_URL, type IndiaMapAsset } from '../../../ui/charts/india-map-asset';

export async function getIndiaMap(): Promise<IndiaMapAsset> {
  const res = await fetch(INDIA_MAP_URL, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error('The map of India could not be loaded.');
  const asset = (await res.json()) as IndiaMapAsset;
  const { registerSvgMap } = await import('../../../ui/charts/map-kit');
  registerSvgMap(INDIA_MAP_NAME, asset.svg);
  return asset;
}

/** The outline never changes while the page is open: loaded once, kept. */
export function useIndiaMap() {
  return useQuery({ queryKey: ['india-map'], queryFn: getIndiaMap, staleTime: Infinity, gcTime: Infinity, retry: 1 });
}
