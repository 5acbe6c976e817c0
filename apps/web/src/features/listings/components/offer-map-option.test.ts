import type { OfferMapRecord } from '@spirit/domain/listings/offer-map.schemas';
import { describe, expect, it } from 'vitest';
import { MAP_ZOOM, SOURCE_COLOURS, mapMarkers, offerMapOption, tooltipLines } from './offer-map-option';

const states = {
  Maharashtra: { code: '27', anchor: [100, 200] as [number, number] },
  Karnataka: { code: '29', anchor: [120, 300] as [number, number] },
};

const record = (over: Partial<OfferMapRecord>): OfferMapRecord => ({
  state: 'Maharashtra',
  source: 'New',
  available_quantity: '12500.0',
  offer_price: '55.00',
  your_rating: null,
  industry_rating: null,
  company_type: 'Seller',
  listings: 2,
  distilleries: 1,
  ...over,
});

describe('the offer map’s markers', () => {
  const records = [
    record({ state: 'Karnataka', source: 'New' }),
    record({ state: 'Maharashtra', source: 'Approved', your_rating: 4, industry_rating: 4.5 }),
    record({ state: 'Maharashtra', source: 'Rejected' }),
  ];

  it('draws one marker per record, coloured by its source', () => {
    const markers = mapMarkers(records, { states });
    expect(markers).toHaveLength(records.length);
    expect(markers.map((m) => [m.name, m.itemStyle.color])).toEqual([
      ['Karnataka', SOURCE_COLOURS.New],
      ['Maharashtra', SOURCE_COLOURS.Approved],
      ['Maharashtra', SOURCE_COLOURS.Rejected],
    ]);
    expect(SOURCE_COLOURS).toEqual({ Approved: '#15803d', New: '#ea580c', Rejected: '#b91c1c' });
  });

  it('puts a lone record on its state’s anchor and spreads a state’s records around it', () => {
    const markers = mapMarkers(records, { states });
    expect(markers[0]!.value).toEqual([120, 300]);
    const [a, b] = [markers[1]!.value, markers[2]!.value];
    expect(a[1]).toBe(200);
    expect(b[1]).toBe(200);
    expect((a[0] + b[0]) / 2).toBe(100);
    expect(b[0] - a[0]).toBeGreaterThan(0);
  });

  it('builds the chart: the map at zoom 1.2 and the markers as one scatter series on it', () => {
    const option = offerMapOption({
      records,
      map: { states },
      priceLabel: 'Offered Rate',
    });
    expect(option.geo).toMatchObject({ map: 'india', zoom: MAP_ZOOM });
    expect(MAP_ZOOM).toBe(1.2);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ type: 'scatter', coordinateSystem: 'geo' });
    expect(option.series[0]!.data).toHaveLength(3);
    const html = option.tooltip.formatter({ data: option.series[0]!.data[1] });
    expect(html).toContain('<strong>Maharashtra</strong>');
    expect(html).toContain('Source: Approved');
    expect(html).toContain('Your rating: 4 of 5');
    expect(html).toContain('Industry rating: 4.5 of 5');
    expect(option.tooltip.formatter({})).toBe('');
  });

  it('tells the tooltip’s figures: state, quantity, price, source and both ratings', () => {
    expect(tooltipLines(records[0]!, 'Asked Rate')).toEqual([
      'Karnataka',
      expect.stringMatching(/^Quantity: 12,500/),
      expect.stringMatching(/^Asked Rate: .*55\.00/),
      'Source: New',
      'Your rating: Not rated',
      'Industry rating: Not rated',
    ]);
  });

  it('leaves a state the map does not know to the table', () => {
    expect(mapMarkers([record({ state: 'Atlantis' })], { states })).toEqual([]);
  });
});
