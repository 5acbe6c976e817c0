// Service fee invoices through the API: issued with the final approval (CGST + SGST within the platform's state,
// IGST across states), downloaded as the same PDF bytes each time, private to the billed company (and the
// SuperAdmin), and replaced by a credit note and a new invoice when the SuperAdmin corrects the fee.
import { financialYearOf } from '@spirit/domain/invoices/invoices.rules';
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadInvoice, feeCorrection, pdfText, seedRates } from '../../test/fee-fixtures.js';
import { auditEntries, expectError, seedSuperAdmin } from '../../test/fixtures.js';
import { seedTrader } from '../../test/team-fixtures.js';
import { seedApprovedTrade, seedMarket, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { invoices } from './invoices.table.js';

type Commission = {
  invoices: { id: number; number: string; kind: string; side: string; total: string; cancelled: boolean }[];
  [key: string]: unknown;
};

const RATES = {
  buyer: { commission_amount: '1.50', state_gst: '9', central_gst: '9' },
  seller: { commission_amount: '2.00', state_gst: '6', central_gst: '6' },
};
const fy = () => financialYearOf(new Date());

describe('within the platform’s state (Maharashtra): CGST + SGST', () => {
  let h: Harness;
  let superToken: string;
  let m: Market;
  let bidId: number;

  beforeAll(async () => {
    h = await createHarness();
    superToken = await seedSuperAdmin(h);
    await seedRates(h, superToken, RATES);
    m = await seedMarket(h, { superToken });
    bidId = (await seedApprovedTrade(h, m, { quantity: '1000' })).id;
  }, 180_000);
  afterAll(async () => h.close());

  const rowsOf = () => h.db.select().from(invoices).where(eq(invoices.bid_id, bidId)).orderBy(invoices.id);

  it('the final approval issued one invoice per side, numbered in order, with the billed company and the taxes', async () => {
    const rows = await rowsOf();
    expect(rows.map((r) => [r.number, r.side, r.kind])).toEqual([
      [`SX/${fy()}/000001`, 'buyer', 'invoice'],
      [`SX/${fy()}/000002`, 'seller', 'invoice'],
    ]);
    const [buyer, seller] = rows;
    expect(buyer).toMatchObject({
      company_id: m.buyer.company.id,
      billed_gstin: m.buyer.company.body.gst_number,
      billed_state: 'Maharashtra',
      platform_gstin: '27AAPFU0939F1ZV',
      quantity: '1000.0',
      rate: '1.50',
      taxable: '1500.00',
      cgst_rate: '9.00',
      sgst_rate: '9.00',
      igst_rate: '0.00',
      cgst: '135.00',
      sgst: '135.00',
      igst: '0.00',
      total: '1770.00',
    });
    expect(seller).toMatchObject({ company_id: m.seller.company.id, taxable: '2000.00', total: '2240.00' });
    expect(buyer!.trade_reference).toMatch(/^TR-/);
    expect(await auditEntries(h, 'invoice.issued', buyer!.id)).toHaveLength(1);
  });

  it('downloads the buyer’s invoice as a PDF, the same bytes every time, with its number, GSTINs and taxes', async () => {
    const [buyer] = await rowsOf();
    const first = await downloadInvoice(h, buyer!.id, m.buyer.negotiator.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(String(first.headers['content-disposition'])).toContain(`SX-${fy()}-000001.pdf`);
    expect(first.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await downloadInvoice(h, buyer!.id, m.buyer.authorizer.token);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const text = pdfText(first.bytes);
    for (const expected of [
      'TAX INVOICE',
      `Invoice No: SX/${fy()}/000001`,
      'GSTIN: 27AAPFU0939F1ZV',
      `GSTIN: ${m.buyer.company.body.gst_number}`,
      buyer!.trade_reference,
      'CGST @ 9.00%',
      'SGST @ 9.00%',
      'Rs. 135.00',
      'Rs. 1,770.00',
      'Rupees One Thousand Seven Hundred Seventy Only',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');
    // The SuperAdmin may download any invoice.
    expect((await downloadInvoice(h, buyer!.id, superToken)).bytes.equals(first.bytes)).toBe(true);
  });

  it('an invoice of another company, or of the other side of the trade, is not found', async () => {
    const [buyer, seller] = await rowsOf();
    const outsider = await seedTrader(h, { superToken, type: 'Buyer' });
    for (const [id, token] of [
      [seller!.id, m.buyer.negotiator.token],
      [buyer!.id, m.seller.company.token],
      [buyer!.id, outsider.company.token],
      [999_999, m.buyer.negotiator.token],
    ] as const) {
      const res = await downloadInvoice(h, id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'invoice.not_found', error: 'Invoice not found' });
    }
    expect((await downloadInvoice(h, buyer!.id, null)).statusCode).toBe(401);
    expect((await downloadInvoice(h, 0, superToken)).statusCode).toBe(400);
  });

  it('a fee correction cancels the changed side’s invoice with a credit note and issues a new one', async () => {
    const res = await h.call<Commission>(
      'updateBidCommission',
      {
        id: bidId,
        buyer_commission_amount: '1.25',
        buyer_central_gst: '9',
        buyer_state_gst: '9',
        seller_commission_amount: '2',
        seller_central_gst: '6',
        seller_state_gst: '6',
      },
      superToken,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf();
    expect(rows.map((r) => [r.number, r.side, r.kind, r.total])).toEqual([
      [`SX/${fy()}/000001`, 'buyer', 'invoice', '1770.00'],
      [`SX/${fy()}/000002`, 'seller', 'invoice', '2240.00'],
      [`SXCN/${fy()}/000001`, 'buyer', 'credit_note', '1770.00'],
      [`SX/${fy()}/000003`, 'buyer', 'invoice', '1475.00'],
    ]);
    expect(rows[2]!.credits_invoice_id).toBe(rows[0]!.id);
    expect(res.body.data.invoices.map((i) => [i.number, i.cancelled])).toEqual([
      [`SX/${fy()}/000001`, true],
      [`SX/${fy()}/000002`, false],
      [`SXCN/${fy()}/000001`, false],
      [`SX/${fy()}/000003`, false],
    ]);
    const note = pdfText((await downloadInvoice(h, rows[2]!.id, m.buyer.negotiator.token)).bytes);
    expect(note).toContain('CREDIT NOTE');
    expect(note).toContain(`Against Invoice No: SX/${fy()}/000001`);
    const fresh = pdfText((await downloadInvoice(h, rows[3]!.id, m.buyer.negotiator.token)).bytes);
    expect(fresh).toContain('Rs. 1,475.00');
    expect(await auditEntries(h, 'invoice.credited', rows[2]!.id)).toHaveLength(1);
  });
});

describe('across states (platform in Karnataka): IGST; and a side without a rate', () => {
  let h: Harness;
  let superToken: string;
  let m: Market;

  beforeAll(async () => {
    const first14 = '29AAPFU0939F1Z';
    h = await createHarness({
      env: { PLATFORM_STATE: 'Karnataka', PLATFORM_GSTIN: first14 + gstCheckCharacter(first14) },
    });
    superToken = await seedSuperAdmin(h);
    m = await seedMarket(h, { superToken });
  }, 180_000);
  afterAll(async () => h.close());

  it('a trade without rates has no invoice and NA fees; setting them issues the invoices', async () => {
    const bid = await seedApprovedTrade(h, m, { quantity: '9876.5' });
    expect(await h.db.select().from(invoices).where(eq(invoices.bid_id, bid.id))).toEqual([]);
    const before = await h.call<Commission>('getBidCommissionById', { id: bid.id }, m.buyer.company.token);
    expect(before.body.data).toMatchObject({ buyer_commission_amount: null, buyer_fee: null, invoices: [] });
    const res = await h.call<Commission>(
      'updateBidCommission',
      feeCorrection(bid.id, { buyer_commission_amount: '0.75' }),
      superToken,
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const rows = await h.db.select().from(invoices).where(eq(invoices.bid_id, bid.id)).orderBy(invoices.id);
    expect(rows.map((r) => [r.number, r.side, r.kind])).toEqual([
      [`SX/${fy()}/000001`, 'buyer', 'invoice'],
      [`SX/${fy()}/000002`, 'seller', 'invoice'],
    ]);
    // 9,876.5 L × ₹0.75 = 7,407.375 → 7,407.38 (half a paisa up); IGST 18 % as the screens' halves: 666.66 twice.
    expect(rows[0]).toMatchObject({
      taxable: '7407.38',
      igst_rate: '18.00',
      igst: '1333.32',
      cgst: '0.00',
      sgst: '0.00',
      total: '8740.70',
    });
    // 9,876.5 × 0.33 = 3,259.245 → 3,259.25; 2.5 % = 81.48 twice.
    expect(rows[1]).toMatchObject({ taxable: '3259.25', igst_rate: '5.00', igst: '162.96', total: '3422.21' });
    const text = pdfText((await downloadInvoice(h, rows[0]!.id, m.buyer.company.token)).bytes);
    expect(text).toContain('IGST @ 18.00%');
    expect(text).toContain('Rs. 8,740.70');
    expect(text).toContain('Rupees Eight Thousand Seven Hundred Forty and Seventy Paise Only');
    expect(text).not.toContain('CGST @');
    expect(await h.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'))).toEqual([]);
  });

  it('refuses an unknown trade as not found', async () => {
    expectError(
      await h.call(
        'updateBidCommission',
        {
          id: 999_999,
          buyer_commission_amount: '1',
          buyer_central_gst: '9',
          buyer_state_gst: '9',
          seller_commission_amount: '1',
          seller_central_gst: '9',
          seller_state_gst: '9',
        },
        superToken,
      ),
      404,
      { code: 'trade.not_found' },
    );
  });
});
