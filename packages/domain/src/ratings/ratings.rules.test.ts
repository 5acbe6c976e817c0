import { describe, expect, it } from 'vitest';
import { reviewDistillerySchema } from './ratings.schemas.js';
import { industryMean, ratedType, ratingBand, ratingRefusal, ratingsOf, type RatingRow } from './ratings.rules.js';

describe('ratingBand: up to 2 low, up to 3 medium, above high', () => {
  it.each([
    [1, 'low'],
    [2, 'low'],
    [2.5, 'medium'],
    [3, 'medium'],
    [3.1, 'high'],
    [4, 'high'],
    [5, 'high'],
  ])('%s is %s', (rating, band) => expect(ratingBand(rating)).toBe(band));
});

describe('industryMean: one decimal, half up', () => {
  it.each([
    [[], null],
    [[4], 4],
    [[4, 5], 4.5],
    [[1, 2, 2], 1.7],
    [[4, 4, 4, 5], 4.3],
    [[1, 1, 2], 1.3],
    [[5, 5, 5, 5, 5, 5, 4], 4.9],
  ])('%j → %s', (ratings, mean) => expect(industryMean(ratings)).toBe(mean));
});

describe('ratingsOf: the latest row of each company', () => {
  const row = (id: number, from: number, rating: number, at: string, source: RatingRow['source'] = 'New') => ({
    id,
    from_company_id: from,
    rating,
    source,
    created_at: at,
  });
  it('takes my latest, the mean of every latest, my latest source', () => {
    const rows = [
      row(1, 7, 2, '2026-01-01', 'Rejected'),
      row(2, 7, 4, '2026-02-01', 'Approved'),
      row(3, 8, 5, '2026-01-15'),
      // Same instant: the later id wins.
      row(5, 9, 1, '2026-03-01'),
      row(4, 9, 3, '2026-03-01'),
    ];
    expect(ratingsOf(rows, 7)).toEqual({ your_rating: 4, source: 'Approved', industry_rating: 3.3 });
    expect(ratingsOf(rows, 10)).toEqual({ your_rating: null, source: 'New', industry_rating: 3.3 });
    expect(ratingsOf([], 7)).toEqual({ your_rating: null, source: 'New', industry_rating: null });
  });
});

describe('ratingRefusal: another company of the opposite type', () => {
  it('refuses one’s own company and the same type', () => {
    expect(ratingRefusal({ id: 1, type: 'Buyer' }, { id: 1, type: 'Buyer' })).toBe('You cannot rate your own company');
    expect(ratingRefusal({ id: 1, type: 'Buyer' }, { id: 2, type: 'Buyer' })).toMatch(/opposite type/);
    expect(ratingRefusal({ id: 1, type: 'Buyer' }, { id: 2, type: 'Seller' })).toBeNull();
    expect(ratedType('Buyer')).toBe('Seller');
    expect(ratedType('Seller')).toBe('Buyer');
  });
});

describe('reviewDistillerySchema', () => {
  const row = { rating: 4, source: 'Approved', to_distillery_id: 3 };
  const fields = (body: unknown) => {
    const r = reviewDistillerySchema.safeParse(body);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('takes whole stars 1–5 and the three sources', () => {
    expect(fields({ rating_details: [row, { ...row, rating: 1, source: 'New' }] })).toBeNull();
    expect(fields({ rating_details: [{ ...row, bid_id: 9, from_distillery_id: 2, company_id: 4 }] })).toBeNull();
  });
  it.each([
    [{ ...row, rating: 0 }, 'rating_details.0.rating: Rating must be 1 to 5 stars'],
    [{ ...row, rating: 6 }, 'rating_details.0.rating: Rating must be 1 to 5 stars'],
    [{ ...row, rating: 2.5 }, 'rating_details.0.rating: Rating must be 1 to 5 stars'],
    [{ ...row, rating: '4' }, 'rating_details.0.rating: Rating must be 1 to 5 stars'],
    [{ ...row, source: 'Pending' }, 'rating_details.0.source: Source must be New, Approved or Rejected'],
    [{ ...row, to_distillery_id: 'x' }, 'rating_details.0.to_distillery_id: Must be a positive whole number'],
  ])('refuses %j', (bad, message) => expect(fields({ rating_details: [bad] })).toEqual([message]));
  it('needs one row and at most fifty', () => {
    expect(fields({ rating_details: [] })).toEqual(['rating_details: Add at least one row']);
    expect(fields({ rating_details: Array(51).fill(row) })).toEqual([
      'rating_details: At most 50 rows can be saved at once',
    ]);
  });
});
