import { SPIRIT_NAMES } from '@spirit/domain/companies/companies.constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../modules/bids/bids.table.js';
import { companies } from '../modules/companies/companies.table.js';
import { invoices } from '../modules/invoices/invoices.table.js';
import { distilleries } from '../modules/distilleries/distilleries.table.js';
import { feeRates } from '../modules/fees/fees.table.js';
import { isWholeFile } from '../modules/files/files.verify.js';
import { mappings } from '../modules/mappings/mappings.table.js';
import { sendDigests } from '../modules/notifications/notifications.jobs.js';
import { notifications } from '../modules/notifications/notifications.table.js';
import { users } from '../modules/users/users.table.js';
import { DEMO_COMPANIES, DEMO_PASSWORD, existingDemoAccounts, printSignIns, seed, type SeedReport } from './index.js';
import { createHarness, invitationToken, type Harness } from '../test/harness.js';

let h: Harness;
let report: SeedReport;

// Seeding the whole demo (six companies, their teams, listings, bids through the trade path, ratings) is a journey:
// on a slow, busy host it ran past the default minute for hooks.
beforeAll(async () => {
  h = await createHarness({ env: { SEED_DEMO: 'true' } });
  report = (await seed(h.deps))!;
}, 240_000);
afterAll(async () => h.close());

describe('demo seed', () => {
  it('gives every company an admin, four users, three distilleries in two states and both kinds of mapping', async () => {
    expect(report.demo).toHaveLength(DEMO_COMPANIES.length);
    for (const c of DEMO_COMPANIES) {
      const company = (await h.db.select().from(companies).where(eq(companies.name, c.name)))[0]!;
      expect(company.status).toBe('Approved');
      const plants = await h.db.select().from(distilleries).where(eq(distilleries.company_id, company.id));
      expect(plants).toHaveLength(3);
      expect(new Set(plants.map((d) => d.state))).toEqual(new Set([c.state, c.otherState]));
      const groups = await h.db.select().from(mappings).where(eq(mappings.company_id, company.id));
      expect(groups.map((m) => m.type).sort()).toEqual(['Centralized', 'Decentralized']);
      const entry = report.demo.find((d) => d.company === c.name)!;
      expect(entry.accounts.map((a) => a.role)).toEqual([
        'Admin',
        'Negotiator',
        'Authorizer',
        'Approver',
        'Negotiator',
      ]);
    }
    const rates = await h.db.select().from(feeRates);
    expect(rates.map((r) => [r.company_type, r.company_id === null, r.product]).sort()).toEqual(
      [
        ['Buyer', false, 'Grain ENA'],
        ['Buyer', true, null],
        ['Seller', false, 'Molasses ENA'],
        ['Seller', true, null],
      ].sort(),
    );
  });

  it('lets every listed account sign in with the demo password, holding the listed role', async () => {
    for (const c of report.demo) {
      for (const account of c.accounts) {
        const res = await h.call<{ user: { roles: string[] } }>('login', {
          email: account.email,
          password: DEMO_PASSWORD,
          captcha: await h.captcha(),
        });
        expect(res.statusCode, account.email).toBe(200);
        expect(res.body.data.user.roles).toEqual([account.role]);
      }
    }
    const negotiator = await h.login(report.demo[0]!.accounts[1]!.email, DEMO_PASSWORD);
    const byState = (await h.call('getAllStateWiseDistillforUser', {}, negotiator)).body.data as Record<
      string,
      unknown[]
    >;
    expect(Object.keys(byState)).toHaveLength(2);
  });

  it('opens a market across every product and at least eight states, with counterparties for every Negotiator', async () => {
    const spread = await h.db.execute(
      sql`select count(distinct product)::int as products, count(distinct state)::int as states,
        count(distinct side)::int as sides from listings where status = 'Open'`,
    );
    const { products, states, sides } = (spread as unknown as { rows: Record<string, number>[] }).rows[0]!;
    expect({ products, sides }).toEqual({ products: SPIRIT_NAMES.length, sides: 2 });
    expect(states).toBeGreaterThanOrEqual(8);
    for (const c of report.demo) {
      for (const account of c.accounts.filter((a) => a.role === 'Negotiator')) {
        const token = await h.login(account.email, DEMO_PASSWORD);
        const own = await h.call<{ records: { id: number }[]; totalRecords: number }>('getAllOffers', {}, token);
        expect(own.body.data.totalRecords, account.email).toBeGreaterThanOrEqual(2);
        for (const listing of own.body.data.records) {
          const possible = await h.call<{ totalRecords: number }>(
            'getAllPossibleOffer',
            { offer_id: listing.id },
            token,
          );
          expect(possible.body.data.totalRecords, `${account.email} listing ${listing.id}`).toBeGreaterThan(0);
        }
      }
    }
  }, 120_000);

  it('seeds bids in every status through the services, with something waiting for every trading account', async () => {
    const res = await h.db.execute(
      sql`select status, locked, coalesce(is_authenticator_buyer_approved, false) as authorized, count(*)::int as n
        from bids group by 1, 2, 3`,
    );
    const groups = (res as unknown as { rows: { status: string; locked: boolean; authorized: boolean }[] }).rows;
    const has = (status: string, locked?: boolean, authorized?: boolean) =>
      groups.some(
        (g) =>
          g.status === status &&
          (locked === undefined || g.locked === locked) &&
          (authorized === undefined || g.authorized === authorized),
      );
    expect({
      new: has('New'),
      countered: has('OnGoing', false),
      locked: has('OnGoing', true, false),
      partlyApproved: has('OnGoing', true, true),
      approved: has('Approved'),
      rejected: has('Rejected'),
      lapsed: has('Lapsed'),
    }).toEqual({
      new: true,
      countered: true,
      locked: true,
      partlyApproved: true,
      approved: true,
      rejected: true,
      lapsed: true,
    });
    const trade = await h.db.execute(sql`select trade_reference from bids where status = 'Approved'`);
    expect((trade as unknown as { rows: { trade_reference: string }[] }).rows[0]!.trade_reference).toMatch(/^TR-/);
    // Every demo trade has its sale order, a PDF and an image among them, each a whole file of its type.
    const orders = await h.db.execute(
      sql`select f.content_type, f.storage_key, f.kind from bids b join files f on f.id = b.sell_order_file_id
        where b.status = 'Approved' and f.company_id = b.seller_company_id`,
    );
    const rows = (orders as unknown as { rows: { content_type: string; storage_key: string; kind: string }[] }).rows;
    expect(new Set(rows.map((r) => r.content_type))).toEqual(new Set(['application/pdf', 'image/png']));
    // The trades reach back over the last 90 days (the fee history and the trend have a past), none in the future.
    const dates = await h.db.execute(
      sql`select min(approved_at) as first, max(approved_at) as last, count(*)::int as n from bids where status = 'Approved'`,
    );
    const span = (dates as unknown as { rows: { first: string; last: string; n: number }[] }).rows[0]!;
    expect(rows).toHaveLength(span.n);
    const daysAgo = (at: string) => (Date.now() - new Date(at).getTime()) / 86_400_000;
    expect(daysAgo(span.first)).toBeGreaterThan(60);
    expect(daysAgo(span.first)).toBeLessThanOrEqual(90);
    expect(daysAgo(span.last)).toBeGreaterThanOrEqual(0);
    expect(daysAgo(span.last)).toBeLessThan(1);
    for (const row of rows) {
      expect(row.kind).toBe('sale_order');
      const bytes = (await h.deps.storage.get(row.storage_key))!;
      expect(isWholeFile(row.content_type, bytes)).toBe(true);
      // A PDF's viewer shows its title, not the preview's random blob name.
      if (row.content_type === 'application/pdf')
        expect(bytes.toString('latin1')).toMatch(/\/Title \(Sale Order TR-\d{4}-\d{6}\)[\s\S]*\/Info 6 0 R/);
    }
    // The seed's own sessions (which opened approval windows) are closed.
    const open = await h.db.execute(
      sql`select count(*)::int as n from sessions where approval_until is not null and revoked_at is null`,
    );
    expect((open as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    for (const c of report.demo) {
      for (const account of c.accounts.filter((a) => a.role !== 'Admin')) {
        const token = await h.login(account.email, DEMO_PASSWORD);
        const waiting = await h.call<{ totalRecords: number }>('getAllBids', { awaiting_me: true }, token);
        expect(waiting.body.data.totalRecords, account.email).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it('seeds ratings from both sides in all three sources, which the lists show on first start', async () => {
    const rows = await h.db.execute(
      sql`select c.type, r.source, (r.bid_id is not null) as trade, u.is_super_admin as by_super, count(*)::int as n
        from ratings r join companies c on c.id = r.from_company_id join users u on u.id = r.entered_by_user_id
        group by 1, 2, 3, 4`,
    );
    const groups = (rows as unknown as { rows: { type: string; source: string; trade: boolean; by_super: boolean }[] })
      .rows;
    for (const type of ['Buyer', 'Seller'])
      expect(new Set(groups.filter((g) => g.type === type).map((g) => g.source)), type).toEqual(
        new Set(['New', 'Approved', 'Rejected']),
      );
    expect(groups.some((g) => g.trade)).toBe(true);
    expect(groups.some((g) => g.by_super)).toBe(true);
    // A buyer's negotiator sees its company's ratings on its bids.
    const bengal = report.demo.find((d) => d.company === 'Bengal Blenders')!;
    const negotiator = bengal.accounts.find((a) => a.role === 'Negotiator')!;
    const token = await h.login(negotiator.email, DEMO_PASSWORD);
    const list = await h.call<{
      records: { status: string; your_rating: number | null; industry_rating: number | null }[];
    }>('getAllBids', { bid_status: 'Approved' }, token);
    expect(list.body.data.records.length).toBeGreaterThan(0);
    expect(list.body.data.records.every((r) => r.your_rating !== null && r.industry_rating !== null)).toBe(true);
  });

  it('leaves no resend wait on any account: each can ask for an approval code as soon as the market opens', async () => {
    for (const c of report.demo) {
      for (const account of c.accounts.filter((a) => a.role !== 'Admin')) {
        const res = await h.call('generateUserOTP', {}, await h.login(account.email, DEMO_PASSWORD));
        expect(res.statusCode, account.email).toBe(200);
      }
    }
  }, 120_000);

  it('leaves no live set-password link: the approval mail in the outbox cannot replace the demo password', async () => {
    const live = await h.db.execute(
      sql`select count(*)::int as n from invitations where used_at is null and voided_at is null`,
    );
    expect((live as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const token = await invitationToken(h, DEMO_COMPANIES[0]!.email);
    const res = await h.call('verifyToken', { token });
    expect(res.statusCode).toBe(410);
  });

  it('prints one line per company, and finds the same accounts on a later start', async () => {
    expect(await existingDemoAccounts(h.deps)).toEqual(report.demo);
    const lines: string[] = [];
    printSignIns(
      {
        url: 'http://localhost:3000',
        superAdminEmail: 'root@x.example',
        superAdminPassword: null,
        firstStart: false,
        demo: report.demo,
      },
      (line) => lines.push(line),
    );
    const deccan = lines.find((l) => l.includes('Deccan Distilleries'))!;
    expect(deccan).toMatch(
      /Seller\s+Deccan Distilleries\s+@deccan-distilleries\.example\s+admin\s+negotiator\s+authorizer\s+approver\s+negotiator2/,
    );
    expect(lines.filter((l) => /@\S+\.example\s+admin/.test(l))).toHaveLength(DEMO_COMPANIES.length);
    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
  });

  it('bills every demo trade: one service fee invoice per side, issued by the final approval', async () => {
    const traded = await h.db.select().from(bids).where(eq(bids.status, 'Approved'));
    expect(traded.length).toBeGreaterThan(0);
    const issued = await h.db.select().from(invoices);
    for (const bid of traded) {
      const mine = issued.filter((i) => i.bid_id === bid.id);
      expect(mine.map((i) => `${i.side} ${i.trade_reference}`).sort()).toEqual([
        `buyer ${bid.trade_reference}`,
        `seller ${bid.trade_reference}`,
      ]);
    }
    expect(issued).toHaveLength(traded.length * 2);
  });

  it('tells the demo history in the app and mails none of it: the first digest run sends nothing', async () => {
    const negotiator = report.demo[0]!.accounts.find((a) => a.role === 'Negotiator')!;
    const [user] = await h.db.select().from(users).where(eq(users.email, negotiator.email));
    const told = await h.db.select().from(notifications).where(eq(notifications.user_id, user!.id));
    expect(told.some((n) => n.in_app && n.read_at === null)).toBe(true);
    expect(told.filter((n) => n.mail && n.mailed_at === null)).toEqual([]);
    expect(await sendDigests(h.deps)).toBe(0);
    for (const d of report.demo)
      for (const a of d.accounts)
        expect((await h.mailsTo(a.email)).filter((m) => m.kind === 'notification_digest')).toEqual([]);
  });

  it('does nothing the second time', async () => {
    const users = await h.count('users');
    expect(await seed(h.deps)).toBeNull();
    expect(await h.count('users')).toBe(users);
  });
});
