// Webhooks (issue 25 part 5): a receiver inside the test verifies each delivery's signature with the documented
// algorithm (docs/api.md); a receiver that fails and recovers gets the delivery on a later attempt; slow and huge
// receivers are bounded; private addresses are refused in the production setting; no event reaches a company that
// may not see it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedSuperAdmin } from '../../test/fixtures.js';
import { listingBody, seedListing } from '../../test/team-fixtures.js';
import { seedMarket, seedOpenBid, type Market } from '../../test/bid-fixtures.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { deliverDue } from './webhooks.delivery.js';
import { sendWebhook } from './webhooks.send.js';
import { openSecret, sealSecret } from './webhooks.secrets.js';
import { webhookDeliveries, webhooks } from './webhooks.table.js';

type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };

/** A receiver on 127.0.0.1: answers each request with the next of `answers` (then the last one again). */
async function receiver() {
  const got: Received[] = [];
  const state: { answers: ('ok' | 'fail' | 'hang' | 'huge')[] } = { answers: ['ok'] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), path: req.url ?? '' });
      const answer = state.answers.length > 1 ? state.answers.shift()! : state.answers[0]!;
      if (answer === 'hang') return; // never answers
      if (answer === 'fail') return void res.writeHead(500).end('down');
      if (answer === 'huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < 200 && res.write(chunk)) sent += 1;
          if (sent < 200) res.once('drain', more);
          else res.end();
        };
        res.on('error', () => {});
        return more();
      }
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    got,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The documented check: v1= hex HMAC-SHA256 of "<timestamp>.<raw body>" under the secret, compared in constant time. */
function verified(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-spirit-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  const given = String(r.headers['x-spirit-signature']);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

let h: Harness;
let m: Market;
let other: Market;
const receivers: Awaited<ReturnType<typeof receiver>>[] = [];

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  m = await seedMarket(h, { superToken });
  other = await seedMarket(h, { superToken });
}, 240_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});
afterEach(() => {
  h.clock.offsetMs = 0;
});

async function subscribe(adminToken: string, types: string[] = ['bid.placed']) {
  const r = await receiver();
  receivers.push(r);
  const res = await h.call<{ id: number; secret: string }>(
    'createWebhook',
    { url: r.url, event_types: types },
    adminToken,
  );
  expect(res.statusCode).toBe(200);
  return { ...r, id: res.body.data.id, secret: res.body.data.secret };
}

const deliveriesOf = (webhookId: number) =>
  h.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhook_id, webhookId))
    .orderBy(webhookDeliveries.id);

/** A new bid between m's seller and buyer (on a new ask: one open bid joins two listings at most). */
const freshBid = async () => seedOpenBid(h, { ...m, ask: await seedListing(h, m.buyer) });

/** Events to deliveries (the durable consumer), then one round of sending. */
async function pump() {
  await h.deps.events.flush();
  return deliverDue(h.deps, { timeoutMs: 2_000 });
}

describe('registering', () => {
  it('shows the secret once; lists never carry it; bad input changes nothing', async () => {
    const hook = await subscribe(m.buyer.adminToken);
    expect(hook.secret).toMatch(/^whsec_/);
    const list = await h.call('getWebhooks', {}, m.buyer.adminToken);
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    // At rest the secret is sealed (webhooks.secrets.ts): the row holds neither it nor any part of it.
    const [row] = await h.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(hook.secret.slice('whsec_'.length, 'whsec_'.length + 8));
    expect(openSecret(h.deps.config, row!.secret)).toBe(hook.secret);
    const before = await h.count('webhooks');
    for (const body of [
      { url: 'ftp://example.com/x', event_types: ['bid.placed'] },
      { url: 'https://user:pw@example.com/x', event_types: ['bid.placed'] },
      { url: 'https://example.com/x', event_types: [] },
      { url: 'https://example.com/x', event_types: ['bid.exploded'] },
    ]) {
      expect((await h.call('createWebhook', body, m.buyer.adminToken)).statusCode).toBe(400);
    }
    expect(
      (await h.call('createWebhook', { url: hook.url, event_types: ['bid.placed'] }, m.buyer.negotiator.token))
        .statusCode,
    ).toBe(403);
    expect(await h.count('webhooks')).toBe(before);
    await h.call('deleteWebhook', { id: hook.id }, m.buyer.adminToken);
  });

  it('in the production setting: https only, and no private, loopback or link-local address', async () => {
    h.deps.config.webhookAllowLocal = false;
    try {
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[::ffff:192.168.1.1]/hook',
        'https://localhost/hook',
      ]) {
        const res = await h.call('createWebhook', { url, event_types: ['bid.placed'] }, m.buyer.adminToken);
        expect(res.statusCode, url).toBe(400);
        expect(res.body.code).toBe('webhook.url_refused');
      }
      // At delivery time too, after the name's own resolution (a name that now points inside is refused).
      const r = await receiver();
      receivers.push(r);
      const sent = await sendWebhook(
        { url: `https://localhost:${r.port}/hook`, secret: 's' },
        { deliveryId: 1, eventType: 'bid.placed', body: '{}' },
        { allowLocal: false, now: new Date() },
      );
      expect(sent.ok).toBe(false);
      expect(sent.error).toBe('The URL must point to a public internet address');
      expect(r.got).toHaveLength(0);
    } finally {
      h.deps.config.webhookAllowLocal = true;
    }
  });
});

describe('delivering', () => {
  it('signs each delivery: the receiver verifies it with the documented algorithm', async () => {
    const hook = await subscribe(m.seller.adminToken, ['bid.placed']);
    const bid = await freshBid();
    await pump();
    expect(hook.got).toHaveLength(1);
    const r = hook.got[0]!;
    expect(verified(hook.secret, r)).toBe(true);
    expect(verified('whsec_wrong', r)).toBe(false);
    expect(Math.abs(Number(r.headers['x-spirit-timestamp']) - Date.now() / 1000)).toBeLessThan(3600);
    const body = JSON.parse(r.body);
    expect(body.event).toMatchObject({ type: 'bid.placed', bid_id: bid.id });
    expect(Object.keys(body.event).sort()).toEqual(['at', 'bid_id', 'data', 'listing_id', 'seq', 'type']);
    expect(r.headers['x-spirit-delivery']).toBe(String(body.id));
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ id: body.id, status: 'delivered', attempts: 1, last_status_code: 200 });
    await h.call('deleteWebhook', { id: hook.id }, m.seller.adminToken);
  });

  it('a receiver that fails and recovers gets the delivery on a later attempt; the log shows each step', async () => {
    const hook = await subscribe(m.buyer.adminToken, ['bid.placed']);
    hook.state.answers = ['fail', 'fail', 'ok'];
    await freshBid();
    await pump();
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
    // Not due yet: nothing is sent.
    expect(await deliverDue(h.deps)).toBe(0);
    h.clock.offsetMs = 31_000; // the first wait is 30 s
    expect(await deliverDue(h.deps)).toBe(1);
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.next_attempt_at.getTime() - (Date.now() + h.clock.offsetMs)).toBeGreaterThan(59_000 - 5_000);
    h.clock.offsetMs = 31_000 + 61_000; // then 60 s
    expect(await deliverDue(h.deps)).toBe(1);
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200, last_error: null });
    expect(hook.got).toHaveLength(3);
    expect(hook.got.every((r) => verified(hook.secret, r))).toBe(true);

    const log = await h.call<{ records: { id: number; status: string }[] }>(
      'getWebhookDeliveries',
      { webhook_id: hook.id },
      m.buyer.adminToken,
    );
    expect(log.body.data.records).toMatchObject([{ id: row!.id, status: 'delivered', attempts: 3 }]);
    // Replay: a new delivery of the same event.
    const replay = await h.call<{ id: number; replay_of: number }>(
      'replayWebhookDelivery',
      { id: row!.id },
      m.buyer.adminToken,
    );
    expect(replay.body.data.replay_of).toBe(row!.id);
    await deliverDue(h.deps);
    expect(hook.got).toHaveLength(4);
    const [first, again] = [JSON.parse(hook.got[2]!.body), JSON.parse(hook.got[3]!.body)];
    expect(again.event).toEqual(first.event);
    expect(again.id).not.toBe(first.id);
    // Another company's Admin can neither read the log nor replay.
    expect((await h.call('getWebhookDeliveries', { webhook_id: hook.id }, other.buyer.adminToken)).statusCode).toBe(
      404,
    );
    expect((await h.call('replayWebhookDelivery', { id: row!.id }, other.buyer.adminToken)).statusCode).toBe(404);
    await h.call('deleteWebhook', { id: hook.id }, m.buyer.adminToken);
  });

  it('gives up 24 hours after the delivery was made: failed', async () => {
    const hook = await subscribe(m.buyer.adminToken, ['bid.placed']);
    hook.state.answers = ['fail'];
    await freshBid();
    await pump();
    h.clock.offsetMs = 24 * 3_600_000;
    await deliverDue(h.deps);
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_status_code: 500 });
    h.clock.offsetMs = 48 * 3_600_000;
    expect(await deliverDue(h.deps)).toBe(0);
    await h.call('deleteWebhook', { id: hook.id }, m.buyer.adminToken);
  });

  it('a receiver that never answers is cut off at the timeout; one that answers without end is read to the cap', async () => {
    const slow = await subscribe(m.buyer.adminToken, ['bid.placed']);
    slow.state.answers = ['hang'];
    await freshBid();
    await h.deps.events.flush();
    await deliverDue(h.deps, { timeoutMs: 300 });
    const [row] = await deliveriesOf(slow.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(row!.last_error).toMatch(/^No complete answer within/);
    await h.call('deleteWebhook', { id: slow.id }, m.buyer.adminToken);

    const huge = await receiver();
    receivers.push(huge);
    huge.state.answers = ['huge'];
    const sent = await sendWebhook(
      { url: huge.url, secret: 's' },
      { deliveryId: 1, eventType: 'bid.placed', body: '{}' },
      { allowLocal: true, now: new Date() },
    );
    expect(sent).toMatchObject({ ok: true, statusCode: 200 });
    // 200 chunks of 64 KB were offered; reading stopped at the 64 KB cap (one socket read may overshoot it).
    expect(sent.bytesRead).toBeLessThan(1024 * 1024);
  });
});

describe('who hears what', () => {
  it('a bid between A and B reaches A’s and B’s webhooks, never C’s; market events reach all three', async () => {
    const all = ['bid.placed', 'listing.created'];
    const a = await subscribe(m.seller.adminToken, all);
    const b = await subscribe(m.buyer.adminToken, all);
    const c = await subscribe(other.buyer.adminToken, all);
    const bid = await freshBid();
    const listing = await h.call<{ id: number }>(
      'createOffer',
      listingBody(other.seller),
      other.seller.negotiator.token,
    );
    expect(listing.statusCode).toBe(200);
    await pump();
    const events = (hook: typeof a) =>
      hook.got.map((r) => JSON.parse(r.body).event as { type: string; bid_id: number | null });
    for (const hook of [a, b]) expect(events(hook).some((e) => e.bid_id === bid.id)).toBe(true);
    expect(events(c).some((e) => e.type.startsWith('bid.'))).toBe(false);
    expect((await deliveriesOf(c.id)).some((d) => d.event_type.startsWith('bid.'))).toBe(false);
    for (const hook of [a, b, c]) expect(events(hook).some((e) => e.type === 'listing.created')).toBe(true);
    // No company name or id in what was sent.
    for (const hook of [a, b, c])
      for (const r of hook.got) {
        expect(r.body).not.toContain(String(m.seller.company.body.registered_name));
        expect(r.body).not.toMatch(/company/i);
      }
  });

  it('a turned-off webhook gets nothing new', async () => {
    const hook = await subscribe(m.buyer.adminToken, ['bid.placed']);
    expect((await h.call('updateWebhook', { id: hook.id, is_active: false }, m.buyer.adminToken)).statusCode).toBe(200);
    await freshBid();
    await pump();
    expect(hook.got).toHaveLength(0);
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
  });
});

describe('secrets at rest', () => {
  it('seal under WEBHOOK_SECRET_KEY or the data directory’s key file; another key cannot open them; old rows read as they are', () => {
    const dataDir = h.deps.config.dataDir;
    const fromFile = sealSecret({ dataDir, webhookSecretKey: undefined }, 'whsec_abc');
    expect(fromFile).not.toBe(sealSecret({ dataDir, webhookSecretKey: undefined }, 'whsec_abc'));
    expect(openSecret({ dataDir, webhookSecretKey: undefined }, fromFile)).toBe('whsec_abc');
    const configured = { dataDir, webhookSecretKey: 'k'.repeat(32) };
    const fromEnv = sealSecret(configured, 'whsec_abc');
    expect(openSecret(configured, fromEnv)).toBe('whsec_abc');
    expect(() => openSecret({ dataDir, webhookSecretKey: 'j'.repeat(32) }, fromEnv)).toThrow();
    expect(() => openSecret(configured, fromFile)).toThrow();
    expect(openSecret(configured, 'whsec_plain')).toBe('whsec_plain');
  });
});
