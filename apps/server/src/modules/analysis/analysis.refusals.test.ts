// Who may ask for the trend and the analysis, and what they refuse (issue 23 "Bad input and abuse"): company roles
// get 403 on the SuperAdmin's analysis, no session 401; reversed, too long, early or malformed ranges, unknown or
// 10,000-character products and limits out of bounds are refused with the field and a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { seedTrader, type Trader } from '../../test/team-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let superToken: string;
let seller: Trader;
let buyer: Trader;

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  seller = await seedTrader(h, { superToken, type: 'Seller' });
  buyer = await seedTrader(h, { superToken, type: 'Buyer' });
}, 120_000);
afterAll(async () => h?.close());

describe('getPriceTrend', () => {
  it('answers every role', async () => {
    for (const token of [
      superToken,
      seller.adminToken,
      seller.negotiator.token,
      buyer.authorizer.token,
      buyer.approver.token,
    ])
      expect((await h.call('getPriceTrend', {}, token)).statusCode).toBe(200);
  });

  it('refuses an unknown product, a 10,000-character one, and no session', async () => {
    for (const product of ['Vodka', 'x'.repeat(10_000)])
      expectError(await h.call('getPriceTrend', { product }, buyer.negotiator.token), 400, {
        fields: { product: 'Unknown product' },
      });
    expectError(await h.call('getPriceTrend', {}, null), 401);
  });
});

describe('the analysis is the SuperAdmin’s', () => {
  const methods = ['getAnalysisVolume', 'getAnalysisFunnel', 'getAnalysisTopCompanies'];
  it('refuses every company role with 403 and no session with 401', async () => {
    for (const method of methods) {
      for (const token of [seller.adminToken, seller.negotiator.token, buyer.authorizer.token, buyer.approver.token])
        expectError(await h.call(method, {}, token), 403);
      expectError(await h.call(method, {}, null), 401);
    }
  });

  it('refuses a reversed, too long, early or malformed range, an unknown product and a bad limit', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ from_date: '2026-03-01', to_date: '2026-02-01' }, { from_date: 'From date must not be after To date' }],
      [{ from_date: '2022-01-01', to_date: '2025-12-31' }, { to_date: 'The date range may span at most 3 years' }],
      [{ from_date: '2019-12-31', to_date: '2020-01-31' }, { from_date: 'Dates start at 2020-01-01' }],
      [{ from_date: '2026-02-30' }, { from_date: 'Enter a date as YYYY-MM-DD' }],
      [{ to_date: 'x'.repeat(10_000) }, { to_date: 'Enter a date as YYYY-MM-DD' }],
    ];
    for (const method of methods)
      for (const [body, fields] of cases) expectError(await h.call(method, body, superToken), 400, { fields });
    for (const product of ['Vodka', 'y'.repeat(10_000)])
      for (const method of ['getAnalysisVolume', 'getAnalysisTopCompanies'])
        expectError(await h.call(method, { product }, superToken), 400, { fields: { product: 'Unknown product' } });
    expectError(await h.call('getAnalysisVolume', { group_by: 'company' }, superToken), 400);
    for (const limit of [0, 51]) expectError(await h.call('getAnalysisTopCompanies', { limit }, superToken), 400);
  });
});
