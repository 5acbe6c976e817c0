// The offer map's chart (spec 001 §2 "Offer map"): the outline of India at zoom 1.2 and one scatter marker per
// record, coloured by the caller's source for the counterparties' distilleries (DESIGN.md §4: Approved green, New
// orange, Rejected red). Pure: the page and its tests build the same option.
import type { OfferMapRecord } from '@spirit/domain/listings/offer-map.schemas';
import type { RatingSource } from '@spirit/domain/ratings/ratings.constants';
import { INDIA_MAP_NAME, type IndiaMapAsset } from '../../../ui/charts/india-map-asset';
import { formatMoney, formatNumber } from '../../../ui/format';
import { formatLitres } from './listing-format';

/** Marker fills, each at least 3:1 against the white page and the grey land (WCAG non-text contrast). */
export const SOURCE_COLOURS: Readonly<Record<RatingSource, string>> = {
  Approved: '#15803d',
  New: '#ea580c',
  Rejected: '#b91c1c',
};

export const MAP_ZOOM = 1.2;
/** SVG units between the markers of one state (one per source), side by side around its anchor. */
const SPREAD = 16;

export type MapMarker = {
  name: string;
  value: [number, number];
  itemStyle: { color: string };
  record: OfferMapRecord;
};

/** One marker per record at its state's anchor; a state's several records (sources) spread left to right. */
export function mapMarkers(records: readonly OfferMapRecord[], map: Pick<IndiaMapAsset, 'states'>): MapMarker[] {
  const perState = new Map<string, OfferMapRecord[]>();
  for (const r of records) perState.set(r.state, [...(perState.get(r.state) ?? []), r]);
  const markers: MapMarker[] = [];
  for (const [state, group] of perState) {
    // A state the map does not know (none today: the builder's test) is left to the table beside the map.
    const anchor = map.states[state]?.anchor;
    if (!anchor) continue;
    group.forEach((record, i) => {
      const dx = (i - (group.length - 1) / 2) * SPREAD;
      markers.push({
        name: state,
        value: [anchor[0] + dx, anchor[1]],
        itemStyle: { color: SOURCE_COLOURS[record.source] },
        record,
      });
    });
  }
  return markers;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ratingText = (v: number | null) => (v === null ? 'Not rated' : `${formatNumber(v, { maxDecimals: 1 })} of 5`);

/** The spec's tooltip: state, quantity, price, source, your rating, industry rating (as plain lines). */
export function tooltipLines(record: OfferMapRecord, priceLabel: string): string[] {
  return [
    record.state,
    `Quantity: ${formatLitres(record.available_quantity)}`,
    `${priceLabel}: ${formatMoney(record.offer_price)}`,
    `Source: ${record.source}`,
    `Your rating: ${ratingText(record.your_rating)}`,
    `Industry rating: ${ratingText(record.industry_rating)}`,
  ];
}

export function offerMapOption(opts: {
  records: readonly OfferMapRecord[];
  map: Pick<IndiaMapAsset, 'states'>;
  /** "Offered Rate" on a buyer's map, "Asked Rate" on a seller's. */
  priceLabel: string;
}) {
  const markers = mapMarkers(opts.records, opts.map);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params: { data?: Partial<MapMarker> }) => {
        const record = params.data?.record;
        if (!record) return '';
        const [title, ...rest] = tooltipLines(record, opts.priceLabel).map(escapeHtml);
        return `<strong>${title}</strong><br/>${rest.join('<br/>')}`;
      },
    },
    geo: {
      map: INDIA_MAP_NAME,
      roam: true,
      zoom: MAP_ZOOM,
      itemStyle: { areaColor: '#e5e7eb', borderColor: '#6b7280', borderWidth: 0.6 },
      emphasis: { itemStyle: { areaColor: '#d1d5db' }, label: { show: false } },
      select: { disabled: true },
      tooltip: { show: false },
    },
    series: [
      {
        type: 'scatter',
        name: 'Possible counterparties',
        coordinateSystem: 'geo',
        geoIndex: 0,
        symbol: 'circle',
        symbolSize: 14,
        itemStyle: { borderColor: '#ffffff', borderWidth: 1.5 },
        emphasis: { scale: 1.4 },
        data: markers,
      },
    ],
  };
}
