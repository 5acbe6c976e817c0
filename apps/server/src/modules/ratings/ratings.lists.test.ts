// What the ratings become: Your rating, Industry rating and Source on the possible counterparties, the bid lists
// and the bid page, computed from the rows; the form's pickers; and the export read back as a spreadsheet.
import * as XLSX from '@e965/xlsx';
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { seedDistillery, seedTeam } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, type BidData, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let superToken: string;
let m: Market;
let trade: BidData;
let other: Awaited<ReturnType<typeof seedTeam>>;
/** A seller distillery whose name a spreadsheet program would take for a formula. */
let formulaPlant: { id: number; name: string };

type Ratings = { id: number; your_rating: number | null; industry_rating: number | null; source: string | null };

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  trade = await seedApprovedTrade(h, m);
  other = await seedTeam(h, { superToken, type: 'Buyer' });
  formulaPlant = await seedDistillery(h, {
    adminToken: m.seller.adminToken,
    overrides: { name: '=HYPERLINK("http://evil.example","Click")' },
  });
  const plant = m.seller.distilleries[0]!.id;
  const rows = (token: string, rows: Record<string, unknown>[]) =>
    h.call('reviewDistillery', { rating_details: rows }, token).then((r) => {
      if (r.statusCode !== 200) throw new Error(JSON.stringify(r.body));
    });
  // The buyer's latest of the seller's plant is its trade review (4, Approved); the other buyer's is 1, Rejected
  // (its earlier 5 no longer counts); the seller's of the buyer's plant is 2, New.
  await rows(m.buyer.adminToken, [
    { rating: 1, source: 'Rejected', to_distillery_id: plant, from_distillery_id: m.buyer.distilleries[0]!.id },
    { rating: 3, source: 'New', to_distillery_id: formulaPlant.id, from_distillery_id: m.buyer.distilleries[1]!.id },
  ]);
  await rows(m.buyer.negotiator.token!, [{ bid_id: trade.id, rating: 4, source: 'Approved', to_distillery_id: plant }]);
  await rows(other.adminToken, [
    { rating: 5, source: 'Approved', to_distillery_id: plant, from_distillery_id: other.distilleries[0]!.id },
  ]);
  await rows(superToken, [
    {
      from_company_id: other.company.id,
      rating: 1,
      source: 'Rejected',
      to_distillery_id: plant,
      from_distillery_id: other.distilleries[0]!.id,
    },
  ]);
  await rows(m.seller.approver.token!, [
    { bid_id: trade.id, rating: 2, source: 'New', to_distillery_id: m.buyer.distilleries[0]!.id },
  ]);
}, 240_000);
afterAll(async () => h?.close());

const ratingsOf = (r: Ratings) => ({
  your_rating: r.your_rating,
  industry_rating: r.industry_rating,
  source: r.source,
});

describe('Your rating, Industry rating and Source', () => {
  it('show on the buyer’s possible sellers: its latest, the mean of each company’s latest, its latest source', async () => {
    const res = await h.call<{ records: Ratings[] }>(
      'getAllPossibleOffer',
      { offer_id: m.ask.id },
      m.buyer.negotiator.token,
    );
    const offer = res.body.data.records.find((r) => r.id === m.offer.id)!;
    expect(ratingsOf(offer)).toEqual({ your_rating: 4, industry_rating: 2.5, source: 'Approved' });
  });

  it('show on both sides’ bid lists and the bid page, each side rating the other’s distillery', async () => {
    const buyerList = await h.call<{ records: Ratings[] }>('getAllBids', {}, m.buyer.negotiator.token);
    expect(ratingsOf(buyerList.body.data.records.find((r) => r.id === trade.id)!)).toEqual({
      your_rating: 4,
      industry_rating: 2.5,
      source: 'Approved',
    });
    const sellerDetail = await h.call<Ratings>('getBidById', { bid_id: trade.id }, m.seller.negotiator.token);
    expect(ratingsOf(sellerDetail.body.data)).toEqual({ your_rating: 2, industry_rating: 2, source: 'New' });
    // A company that never rated the distillery: Source New, its own rating empty, the industry's shown.
    const sellerList = await h.call<{ records: Ratings[] }>('getAllBids', {}, m.seller.negotiator.token);
    expect(ratingsOf(sellerList.body.data.records.find((r) => r.id === trade.id)!).source).toBe('New');
  });

  it('are left unread on the tracked trades (Approved Bids), which show none: all three null', async () => {
    const approved = { bid_status: 'Approved' };
    const rated = await h.call<{ records: Ratings[] }>('getAllBids', approved, m.buyer.negotiator.token);
    expect(ratingsOf(rated.body.data.records.find((r) => r.id === trade.id)!)).toEqual({
      your_rating: 4,
      industry_rating: 2.5,
      source: 'Approved',
    });
    const tracked = await h.call<{ records: Ratings[]; totalRecords: number }>(
      'getAllBids',
      { ...approved, is_tracked_bid: true },
      m.buyer.negotiator.token,
    );
    expect(tracked.body.data.records.map((r) => r.id)).toEqual(rated.body.data.records.map((r) => r.id));
    expect(tracked.body.data.records.map(ratingsOf)).toEqual(
      tracked.body.data.records.map(() => ({ your_rating: null, industry_rating: null, source: null })),
    );
  });
});

describe('the form’s pickers', () => {
  it('give a company Admin its own company and the companies of the opposite type, with their distilleries', async () => {
    const sellers = await h.call<{ id: number }[]>('getAllCompanyName', { company_type: 'Seller' }, m.buyer.adminToken);
    expect(sellers.body.data.map((c) => c.id)).toContain(m.seller.company.id);
    const buyers = await h.call<{ id: number }[]>('getAllCompanyName', { company_type: 'Buyer' }, m.buyer.adminToken);
    expect(buyers.body.data.map((c) => c.id)).toEqual([m.buyer.company.id]);
    const plants = await h.call<{ id: number; name: string }[]>(
      'getDistillNameByCompanyId',
      { company_id: m.seller.company.id },
      m.buyer.adminToken,
    );
    expect(plants.body.data.map((d) => d.id).sort()).toEqual(
      [...m.seller.distilleries.map((d) => d.id), formulaPlant.id].sort(),
    );
    const own = await h.call<{ id: number }[]>(
      'getDistillNameByCompanyId',
      { company_id: m.buyer.company.id },
      m.buyer.adminToken,
    );
    expect(own.body.data).toHaveLength(2);
    // Another company of its own type does not exist for it; the SuperAdmin sees any.
    expectError(await h.call('getDistillNameByCompanyId', { company_id: other.company.id }, m.buyer.adminToken), 404);
    expect(
      (await h.call<unknown[]>('getDistillNameByCompanyId', { company_id: other.company.id }, superToken)).body.data,
    ).toHaveLength(2);
    expectError(
      await h.call('getDistillNameByCompanyId', { company_id: m.seller.company.id }, m.buyer.negotiator.token),
      403,
    );
  });
});

/** The export's bytes through getFile, as the download button fetches them. */
async function download(token: string, fileUrl: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/getFile',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ id: fileIdFromUrl(fileUrl) }),
  });
  return res;
}

describe('exportRating', () => {
  it('gives a company Admin an .xlsx of its company’s ratings, a formula-looking name kept as text', async () => {
    const res = await h.call<{ downloadUrl: string; file_name: string; rows: number }>(
      'exportRating',
      {},
      m.buyer.adminToken,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows).toBe(3);
    expect(res.body.data.file_name).toMatch(/^ratings-\d{2}-\d{2}-\d{4}\.xlsx$/);
    const file = await download(m.buyer.adminToken, res.body.data.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets.Ratings!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows.map((r) => [r['From Company'], r['To Distillery'], r.Rating, r.Source])).toEqual([
      [m.buyer.company.body.name, m.seller.distilleries[0]!.name, 4, 'Approved'],
      [m.buyer.company.body.name, formulaPlant.name, 3, 'New'],
      [m.buyer.company.body.name, m.seller.distilleries[0]!.name, 1, 'Rejected'],
    ]);
    expect(rows[0]!['Trade Reference No']).toBe(trade.trade_reference_number);
    // The formula-looking name is a string cell: no formula in the workbook, none in the sheet's XML.
    const cells = Object.entries(sheet).filter(([k]) => !k.startsWith('!')) as [string, XLSX.CellObject][];
    const cell = cells.find(([, c]) => c.v === formulaPlant.name)![1];
    expect(cell.t).toBe('s');
    expect(cells.every(([, c]) => c.f === undefined)).toBe(true);
    const zip = XLSX.CFB.read(file.rawPayload, { type: 'buffer' });
    const part = (name: string) => String(XLSX.CFB.find(zip, name)!.content.toString());
    const xml = part('/xl/worksheets/sheet1.xml');
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).not.toMatch(/t="str"/);
    expect(part('/xl/sharedStrings.xml')).toContain('=HYPERLINK(');
    // Another company cannot download it.
    expect((await download(other.adminToken, res.body.data.downloadUrl)).statusCode).toBe(404);
  });

  it('gives the SuperAdmin every rating, in a file only the SuperAdmin reads, entered-by shown', async () => {
    const res = await h.call<{ downloadUrl: string; rows: number }>('exportRating', {}, superToken);
    expect(res.body.data.rows).toBe(6);
    const file = await download(superToken, res.body.data.downloadUrl);
    expect(file.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets.Ratings!,
    );
    expect(rows.filter((r) => String(r['Entered By']).endsWith('(SuperAdmin)'))).toHaveLength(1);
    expect((await download(m.buyer.adminToken, res.body.data.downloadUrl)).statusCode).toBe(404);
    expectError(await h.call('exportRating', {}, m.buyer.negotiator.token), 403);
  });
});

// The lists take each row's ratings from the process's memo under the ratings epoch their page reads
// (ratings/rating-memo.ts, migration 0041): a kept page reads no rating, and a rating written anywhere — here by SQL,
// as another process would — shows on the next page.
describe('ratings kept under the ratings epoch', () => {
  it('a kept page or the bid page reads them in no statement of its own, and a new rating shows at once', async () => {
    const plant = m.seller.distilleries[0]!.id;
    const reads = {
      'the bid list': async () =>
        (await h.call<{ records: Ratings[] }>('getAllBids', {}, m.buyer.negotiator.token)).body.data.records.find(
          (r) => r.id === trade.id,
        )!,
      'the possible sellers': async () =>
        (
          await h.call<{ records: Ratings[] }>('getAllPossibleOffer', { offer_id: m.ask.id }, m.buyer.negotiator.token)
        ).body.data.records.find((r) => r.id === m.offer.id)!,
      'the bid page': async () =>
        (await h.call<Ratings>('getBidById', { bid_id: trade.id }, m.buyer.negotiator.token)).body.data,
    };
    for (const [name, read] of Object.entries(reads)) {
      expect(ratingsOf(await read()), name).toEqual({ your_rating: 4, industry_rating: 2.5, source: 'Approved' });
      const before = h.deps.database.queries.count;
      expect(ratingsOf(await read()), name).toEqual({ your_rating: 4, industry_rating: 2.5, source: 'Approved' });
      // The page's statement alone (the list's total is kept for seconds, the ratings and names under their epochs).
      expect(h.deps.database.queries.count - before, name).toBe(1);
    }
    // The buyer's newer review of the plant, 3 and Rejected: its latest, and with the other buyer's 1 the mean 2.
    await h.db.execute(sql`insert into ratings (from_company_id, to_company_id, to_distillery_id, rating, source)
      values (${m.buyer.company.id}, ${m.seller.company.id}, ${plant}, 3, 'Rejected')`);
    for (const [name, read] of Object.entries(reads))
      expect(ratingsOf(await read()), name).toEqual({ your_rating: 3, industry_rating: 2, source: 'Rejected' });
  });
});
