import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, gstStateCode, gstStateMismatch } from './geo.rules.js';

describe('GSTIN state code against State', () => {
  it('names the state a GSTIN belongs to when another is chosen', () => {
    expect(gstStateMismatch('27AAPFU0939F1ZV', 'Goa')).toBe('This GST number is registered in Maharashtra, not Goa');
    expect(gstStateMismatch('30AAPFU0939F1ZV', 'Maharashtra')).toBe(
      'This GST number is registered in Goa, not Maharashtra',
    );
  });

  it.each(Object.entries(GST_STATE_CODES))('accepts code %s with %s', (code, state) => {
    expect(gstStateMismatch(`${code}AAPFU0939F1ZV`, state)).toBeNull();
  });

  it('leaves unknown states and codes without a state to other checks', () => {
    expect(gstStateMismatch('27AAPFU0939F1ZV', '')).toBeNull();
    expect(gstStateMismatch('27AAPFU0939F1ZV', 'Atlantis')).toBeNull();
    expect(gstStateMismatch('99AAPFU0939F1ZV', 'Goa')).toBeNull();
  });

  it('gives each state its current code', () => {
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstStateCode('Atlantis')).toBeUndefined();
  });
});
