import { describe, expect, it } from 'vitest';
import { emptyTerms, termsBody, termsSchema } from './bid-terms';

const filled = emptyTerms({ quantity: '100', price: '61.25', captcha: 'solved' });
const fees = {
  import_pass_fee: '1',
  transit_permit_fee: '0.5',
  escort_fee: '0',
  corporation_fee: '0',
  misc_handling: '0',
  transportation: '2.25',
};

describe('bid terms', () => {
  it('lets the dialogs leave the fees blank, and sends none of them', () => {
    const parsed = termsSchema(['500']).safeParse(filled);
    expect(parsed.success).toBe(true);
    const body = termsBody(parsed.data!, Date.parse('2026-11-23T10:00:00Z'), false);
    expect(body).toEqual({
      quantity: 100,
      price: 61.25,
      valid_until: '2026-11-23T14:00:00.000Z',
      comment: '',
      captcha: 'solved',
    });
  });

  it('requires every fee on the bid page, and sends them with the comment', () => {
    const schema = termsSchema(['500'], { fees: true });
    const missing = schema.safeParse(filled);
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => [i.path[0], i.message])).toContainEqual(['import_pass_fee', '*required']);
    const parsed = schema.safeParse({ ...filled, ...fees, comment: '  tankers  ' });
    expect(parsed.success).toBe(true);
    expect(termsBody(parsed.data!, 0, true)).toMatchObject({
      import_pass_fee: 1,
      escort_fee: 0,
      transportation: 2.25,
      comment: 'tankers',
      is_bid_confidential: false,
    });
  });
});
