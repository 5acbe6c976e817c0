// The sale order of an approved trade (issue 22 part 3): uploaded by the seller company's Admin or a user mapped to
// the seller distillery, checked by content, attached by updateBid, readable through getFile by the two parties and
// the SuperAdmin only; a replacement keeps the earlier file and the audit entry names both. Every refusal leaves the
// rows as they were.
import { FILE_MESSAGES, MAX_UPLOAD_BYTES, fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { bidDetailSchema } from '@spirit/domain/bids/bids.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../test/db-digest.js';
import { PDF_BYTES, PNG_BYTES, auditEntries, expectError, seedSuperAdmin, upload } from '../../test/fixtures.js';
import {
  seedAsk,
  seedDistillery,
  seedMapping,
  seedOffer,
  seedTrader,
  seedUser,
  type Trader,
} from '../../test/team-fixtures.js';
import {
  seedApprovedTrade,
  seedLockedBid,
  seedMarket,
  uploadSaleOrder,
  type BidData,
  type Market,
} from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { bids } from './bids.table.js';

let h: Harness;
let superToken: string;
let m: Market;
let third: Trader;
let trade: BidData;
/** A seller user mapped to another distillery of the seller's, not the trade's. */
let elsewhere: { token: string | null };

beforeAll(async () => {
  h = await createHarness();
  superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  third = await seedTrader(h, { superToken, type: 'Seller' });
  trade = await seedApprovedTrade(h, m, { quantity: 100 });
  const adminToken = m.seller.adminToken;
  const [negotiator, authorizer, approver] = [
    await seedUser(h, { adminToken }),
    await seedUser(h, { adminToken }),
    await seedUser(h, { adminToken }),
  ];
  const plant = await seedDistillery(h, { adminToken });
  await seedMapping(h, {
    adminToken,
    type: 'Decentralized',
    distilleries: [plant.id],
    negotiator: negotiator.id,
    authorizer: authorizer.id,
    approver: approver.id,
  });
  elsewhere = { token: await h.login(negotiator.email, negotiator.password) };
}, 300_000);
afterAll(async () => h.close());

const attach = (token: string | null, sell_order: string, bid_id = trade.id) =>
  h.call('updateBid', { bid_id, sell_order, company_id: m.buyer.company.id }, token);
const rowOf = async (id: number) => (await h.db.select().from(bids).where(eq(bids.id, id)))[0]!;
const getFile = (url: string, token: string | null) =>
  h.app.inject({
    method: 'POST',
    url: '/api/getFile',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ id: fileIdFromUrl(url) }),
  });

/** Runs a call that must be refused with `status` (and `code`), proving every table is as it was. */
async function refused(call: () => Promise<Parameters<typeof expectError>[0]>, status: number, code?: string) {
  const before = await tableDigest(h);
  expectError(await call(), status, code ? { code } : {});
  expect(await tableDigest(h)).toEqual(before);
}

describe('uploading a sale order (uploadFile, purpose sale_order)', () => {
  it('checks the content as every upload is checked, with the spec’s messages', async () => {
    const token = m.seller.negotiator.token;
    const html = Buffer.from('<html><body>not a pdf</body></html>');
    const rows = await h.count('files');
    expectError(await upload(h, { purpose: 'sale_order', token, name: 'order.pdf', bytes: html }), 400, {
      error: FILE_MESSAGES.invalidFormat,
    });
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]);
    expectError(await upload(h, { purpose: 'sale_order', token, bytes: big }), 413, { error: FILE_MESSAGES.tooLarge });
    expect(await h.count('files')).toBe(rows);
  });

  it('needs a signed-in company user', async () => {
    expectError(await upload(h, { purpose: 'sale_order' }), 401);
    expectError(await upload(h, { purpose: 'sale_order', token: superToken }), 403);
  });
});

describe('attaching it (updateBid)', () => {
  it('lets a user mapped to the seller distillery attach it; both parties and the SuperAdmin read it', async () => {
    const url = await uploadSaleOrder(h, m.seller.negotiator.token);
    const res = await attach(m.seller.negotiator.token, url);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Sale order uploaded successfully.');
    expect(bidDetailSchema.parse(res.body.data)).toMatchObject({ sell_order: url, can_upload_sale_order: true });
    const row = await rowOf(trade.id);
    expect(row.sell_order_file_id).toBe(fileIdFromUrl(url));
    // No term of the trade changed: its place in the lists and its version stay.
    expect([row.version, row.updated_at]).toEqual([trade.version, row.approved_at]);

    for (const token of [m.buyer.negotiator.token, m.buyer.adminToken, m.seller.approver.token, superToken]) {
      const detail = bidDetailSchema.parse((await h.call('getBidById', { bid_id: trade.id }, token)).body.data);
      expect(detail.sell_order).toBe(url);
      const file = await getFile(url, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
    // The buyer sees it but may not upload one.
    const buyerView = bidDetailSchema.parse(
      (await h.call('getBidById', { bid_id: trade.id }, m.buyer.adminToken)).body.data,
    );
    expect(buyerView.can_upload_sale_order).toBe(false);
    expect((await getFile(url, third.adminToken)).statusCode).toBe(404);
    expect((await getFile(url, third.negotiator.token)).statusCode).toBe(404);
  });

  it('lets the seller company’s Admin replace it; the earlier file is kept and the audit names both', async () => {
    const before = (await rowOf(trade.id)).sell_order_file_id;
    const png = await uploadSaleOrder(h, m.seller.adminToken, { name: 'order.png', bytes: PNG_BYTES });
    const res = await attach(m.seller.adminToken, png);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect((await rowOf(trade.id)).sell_order_file_id).toBe(fileIdFromUrl(png));
    const entries = await auditEntries(h, 'bid.sale_order', trade.id);
    expect(entries.at(-1)).toMatchObject({
      before: { sell_order: `/api/getFile?id=${before}` },
      after: { sell_order: png, file_name: 'order.png' },
    });
    // The earlier file is still stored: its company and the SuperAdmin read it; the buyer reads the current one.
    const earlier = `/api/getFile?id=${before}`;
    expect((await getFile(earlier, m.seller.adminToken)).statusCode).toBe(200);
    expect((await getFile(earlier, superToken)).statusCode).toBe(200);
    const current = await getFile(png, m.buyer.approver.token);
    expect([current.statusCode, current.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('refuses the buyer (403) and a third company (404), changing nothing', async () => {
    const buyerFile = await uploadSaleOrder(h, m.buyer.adminToken);
    await refused(() => attach(m.buyer.adminToken, buyerFile), 403, 'bid.sale_order_seller_only');
    await refused(() => attach(m.buyer.negotiator.token, buyerFile), 403, 'bid.sale_order_seller_only');
    const thirdFile = await uploadSaleOrder(h, third.adminToken);
    await refused(() => attach(third.adminToken, thirdFile), 404, 'bid.not_found');
    await refused(() => attach(third.negotiator.token, thirdFile), 404, 'bid.not_found');
    await refused(() => attach(superToken, thirdFile), 403);
  });

  it('refuses a seller user not mapped to the trade’s seller distillery', async () => {
    const url = await uploadSaleOrder(h, elsewhere.token);
    await refused(() => attach(elsewhere.token, url), 403, 'bid.sale_order_not_allowed');
    const detail = bidDetailSchema.parse((await h.call('getBidById', { bid_id: trade.id }, elsewhere.token)).body.data);
    expect(detail.can_upload_sale_order).toBe(false);
  });

  it('refuses another company’s file, a file that is no sale order and a made-up URL, changing nothing', async () => {
    const theirs = await uploadSaleOrder(h, third.adminToken);
    await refused(() => attach(m.seller.adminToken, theirs), 400, 'bid.sale_order_file');
    const buyers = await uploadSaleOrder(h, m.buyer.adminToken);
    await refused(() => attach(m.seller.adminToken, buyers), 400, 'bid.sale_order_file');
    // A PAN card (the company's own, but not a sale order).
    await refused(() => attach(m.seller.adminToken, String(m.seller.company.body.license)), 400, 'bid.sale_order_file');
    const unclaimed = (await upload(h)).body.data.file_url;
    await refused(() => attach(m.seller.adminToken, unclaimed), 400, 'bid.sale_order_file');
    await refused(() => attach(m.seller.adminToken, '/api/getFile?id=not-a-file'), 400, 'bid.sale_order_file');
    await refused(() => attach(m.seller.adminToken, ''), 400);
  });

  it('refuses a bid that is not an approved trade yet', async () => {
    const locked = await seedLockedBid(h, {
      ...m,
      offer: await seedOffer(h, m.seller),
      ask: await seedAsk(h, m.buyer),
    });
    const url = await uploadSaleOrder(h, m.seller.negotiator.token);
    await refused(() => attach(m.seller.negotiator.token, url, locked.id), 409, 'bid.not_approved');
  });
});
