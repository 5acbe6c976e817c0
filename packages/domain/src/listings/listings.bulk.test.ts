import { describe, expect, it } from 'vitest';
import {
  bulkNotesOf,
  bulkPeriodMessage,
  bulkStateError,
  parseBulkPeriod,
  periodOfExcelSerial,
} from './listings.bulk.js';
import { bulkColumnsOf } from './listings.constants.js';

describe('parseBulkPeriod', () => {
  it.each([
    ['04-2027', '2027-04'],
    ['4-2027', '2027-04'],
    ['04/2027', '2027-04'],
    [' 12.2027 ', '2027-12'],
    ['2027-04', '2027-04'],
    ['2027/4', '2027-04'],
    ['Apr-2027', '2027-04'],
    ['apr 2027', '2027-04'],
    ['April-2027', '2027-04'],
    ['Sept-2027', '2027-09'],
    ['Dec-27', '2027-12'],
    ['2027-04-15', '2027-04'],
    ['2027-04-15T00:00:00Z', '2027-04'],
    ['15-04-2027', '2027-04'],
    ['15/04/2027', '2027-04'],
    ['15-Apr-2027', '2027-04'],
    ['01 January 2028', '2028-01'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseBulkPeriod(text)).toBe(expected);
  });

  it.each(['13-2027', '00-2027', '2027-13', 'Foo-2027', 'Ap-2027', '31-02-2027', '2027', '', 'next month', '4-27'])(
    'refuses %j',
    (text) => {
      expect(parseBulkPeriod(text)).toBeNull();
    },
  );

  it('reads Excel date serials and Dates', () => {
    // 46478 is 2027-04-01 in Excel's 1900 date system (days since 1899-12-30).
    const days = (Date.UTC(2027, 3, 1) - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect(days).toBe(46478);
    expect(parseBulkPeriod(46478)).toBe('2027-04');
    expect(parseBulkPeriod(46478.75)).toBe('2027-04');
    expect(parseBulkPeriod(46477)).toBe('2027-03');
    expect(periodOfExcelSerial(0)).toBeNull();
    expect(periodOfExcelSerial(3_000_000)).toBeNull();
    expect(parseBulkPeriod(new Date(Date.UTC(2027, 10, 5)))).toBe('2027-11');
    expect(parseBulkPeriod(new Date(Number.NaN))).toBeNull();
    expect(parseBulkPeriod(null)).toBeNull();
    expect(parseBulkPeriod(true)).toBeNull();
  });

  it('says the expected format with the value', () => {
    expect(bulkPeriodMessage('13-2027')).toBe(
      '"13-2027" is not a month: write it as MM-YYYY, e.g. 04-2027 (Apr-2027, 2027-04 and dates are accepted too)',
    );
    expect(bulkPeriodMessage(undefined)).toMatch(/^Write the period as MM-YYYY/);
  });
});

describe('bulkStateError', () => {
  const ctx = {
    states: new Set(['Maharashtra', 'Kerala', 'Goa']),
    distilleries: new Map([
      [1, { state: 'Maharashtra' }],
      [2, { state: 'Goa' }],
    ]),
  };
  it('names a state that does not exist', () => {
    expect(bulkStateError({ state: 'Keralaa', distillery_id: 1 }, ctx)).toMatch(/^Unknown state "Keralaa": /);
  });
  it('names a state where the company has no distillery', () => {
    expect(bulkStateError({ state: 'Kerala', distillery_id: 1 }, ctx)).toMatch(
      /^Unknown state "Kerala" for your company: none of your distilleries is in it/,
    );
  });
  it('names the distillery in another state', () => {
    expect(bulkStateError({ state: 'Goa', distillery_id: 1 }, ctx)).toBe(
      'The distillery is not in the chosen state: distillery 1 is in Maharashtra',
    );
  });
  it('passes a matching row, and leaves an empty state to the schema', () => {
    expect(bulkStateError({ state: 'Goa', distillery_id: 2 }, ctx)).toBeNull();
    expect(bulkStateError({ state: 'Goa', distillery_id: 99 }, ctx)).toBeNull();
    expect(bulkStateError({ state: ' ', distillery_id: 1 }, ctx)).toBeNull();
  });
});

describe('bulkNotesOf', () => {
  it('explains every column of the side, with units', () => {
    for (const side of ['Offer', 'Ask'] as const) {
      expect(bulkNotesOf(side).map((n) => n.column)).toEqual(bulkColumnsOf(side));
    }
    const offer = bulkNotesOf('Offer');
    expect(offer.find((n) => n.column === 'sales_tax')).toMatchObject({ meaning: 'Sales Tax' });
    expect(offer.find((n) => n.column === 'sales_tax')?.format).toMatch(/^Percent/);
    expect(bulkNotesOf('Ask').find((n) => n.column === 'corporation_fee')).toMatchObject({
      meaning: 'Corporation Fee',
      format: expect.stringMatching(/^₹ per litre/),
    });
  });
});
