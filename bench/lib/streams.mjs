// Open event streams (issue 25's budget): N streams on one server process, as company 2's Negotiator (a buyer, who
// hears the market's listing events), then company 1's Negotiator creates offers one after another. For each offer,
// how long after its createOffer answered (the commit) each stream received its `listing.created` frame; the
// server's resident memory idle and with the streams open; what a createOffer costs with the streams open against
// without (the fan-out must cost the committing request nothing it waits for).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { call } from './api.mjs';

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.replace(/\D+/g, '')) / 1024);
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** One stream: resolves once open; `onListing(id, at)` for each listing.created frame. */
function openStream(base, ticket, agent, onListing) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`stream: ${res.statusCode}`));
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes('event: listing.created')) continue;
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) onListing(JSON.parse(data.slice(6)).listing_id, performance.now());
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

function ahead(months) {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function streamFanOut(server, ids, tokens, { streams = 10_000, offers = 20 } = {}) {
  const { base } = server;
  const offer = (i) => ({
    state: ids.negotiated_state,
    product: ids.negotiated_product,
    distillery_id: ids.negotiated_distillery,
    from_period: ahead(1),
    to_period: ahead(4),
    offer_quantity: String(1000 + i),
    offer_price: '55',
    export_pass_fee: '1.25',
    sales_tax: '18',
  });
  const create = async (i) => {
    const t0 = performance.now();
    const listing = await call(base, 'createOffer', offer(i), tokens.negotiator);
    return { id: listing.id, at: performance.now(), ms: performance.now() - t0 };
  };
  // The committing request alone first: what a createOffer costs with no stream open.
  const alone = [];
  for (let i = 0; i < offers; i++) alone.push((await create(i)).ms);
  const idleMb = rssMb(server.child.pid);

  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const arrivals = new Map(); // listing id → arrival times
  const onListing = (id, at) => {
    const list = arrivals.get(id);
    if (list) list.push(at);
    else arrivals.set(id, [at]);
  };
  const closers = [];
  const opening = performance.now();
  for (let i = 0; i < streams; i += 200) {
    const batch = Math.min(200, streams - i);
    const tickets = await Promise.all(
      Array.from(
        { length: batch },
        async () => (await call(base, 'getEventTicket', {}, tokens.buyerNegotiator)).ticket,
      ),
    );
    closers.push(...(await Promise.all(tickets.map((t) => openStream(base, t, agent, onListing)))));
  }
  const openSeconds = (performance.now() - opening) / 1000;
  await new Promise((r) => setTimeout(r, 1_000));
  const openMb = rssMb(server.child.pid);

  const created = [];
  for (let i = 0; i < offers; i++) {
    created.push(await create(offers + i));
    await new Promise((r) => setTimeout(r, 250));
  }
  // Every frame in, or five seconds past the last offer.
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && created.some((c) => (arrivals.get(c.id)?.length ?? 0) < streams))
    await new Promise((r) => setTimeout(r, 100));
  for (const close of closers) close();

  const delays = created
    .flatMap((c) => (arrivals.get(c.id) ?? []).map((at) => Math.max(0, at - c.at)))
    .sort((a, b) => a - b);
  const expected = streams * offers;
  const withStreams = created.map((c) => c.ms).sort((a, b) => a - b);
  alone.sort((a, b) => a - b);
  const result = {
    streams,
    offers,
    openSeconds: Math.round(openSeconds * 10) / 10,
    delivered: delays.length,
    expected,
    p50: Math.round(quantile(delays, 0.5)),
    p99: Math.round(quantile(delays, 0.99)),
    max: Math.round(delays.at(-1) ?? 0),
    idleMb,
    openMb,
    createAloneP50: Math.round(quantile(alone, 0.5) * 10) / 10,
    createWithStreamsP50: Math.round(quantile(withStreams, 0.5) * 10) / 10,
  };
  result.line =
    `  event streams: ${streams.toLocaleString('en-IN')} open (in ${result.openSeconds} s); ${offers} listings created, ` +
    `${result.delivered.toLocaleString('en-IN')} of ${expected.toLocaleString('en-IN')} frames delivered, after the commit ` +
    `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms (goal p99 ≤ 1,000 ms); server RSS ${idleMb} MB idle, ` +
    `${openMb} MB with the streams open; createOffer p50 ${result.createAloneP50} ms alone, ${result.createWithStreamsP50} ms ` +
    `with the streams open`;
  return result;
}
