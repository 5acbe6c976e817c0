// Full trades: one after another on one connection (`fullTradeRate`, the "full trade" row), and side by side
// (`--trade-pairs N`, issue 24 part 2): N pairs of companies each run `rounds` trades
// (place → 3 counters → accept → 4 approvals, nine calls) at the same time, one connection per pair. Captchas are
// solved before the clock starts. Reports trades/s, p50/p99 per call, errors, and afterwards checks by SQL that no
// listing sold more than it held.
import os from 'node:os';
import { pairToken, TOKENS } from '../generate.mjs';
import { call as callApi, captcha, JSON_HEADERS } from './api.mjs';

const quantile = (values, q) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const round1 = (n) => Math.round(n * 10) / 10;

/**
 * `pairs`: the generated market's `trade_pairs` rows ({k, offer, ask}); `meter()` starts
 * counting the server's and PostgreSQL's CPU (lib/cpu.mjs). Returns the figures and a printable line, with the CPU
 * a call cost the server, the database and this load generator, and the trades per second those costs allow on
 * this machine's cores if nothing waited (the ceiling no lock or schedule can lift).
 */
export async function parallelTradeRate(base, pairs, { count, rounds, bareRps, meter }) {
  const used = pairs.slice(0, count);
  if (used.length < count) console.log(`  parallel trades: only ${used.length} usable pairs of ${count} asked`);
  const solved = await Promise.all(
    used.map(async () => {
      const list = [];
      for (let i = 0; i < rounds * 4; i++) list.push(await captcha(base));
      return list;
    }),
  );
  const timings = new Map();
  let errors = 0;
  let firstError = null;
  const call = async (method, body, token) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    const list = timings.get(method) ?? [];
    list.push(performance.now() - started);
    timings.set(method, list);
    if (res.status !== 200) throw new Error(`${method}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json.data;
  };
  const validUntil = (h) => new Date(Date.now() + h * 3_600_000).toISOString();
  const terms = (price, hours) => ({ quantity: '10', price, valid_until: validUntil(hours) });
  let trades = 0;
  const trade = async ({ k, offer, ask }, captchas) => {
    const t = (role) => pairToken(k, role);
    let bid = await call(
      'createBid',
      { ...terms('60', 8), my_offer_id: ask, offer_id: offer, captcha: captchas.pop() },
      t('buyerNegotiator'),
    );
    for (const [i, role] of ['sellerNegotiator', 'buyerNegotiator', 'sellerNegotiator'].entries())
      bid = await call(
        'negotiateBid',
        { ...terms(String(61 + i), 12), bid_id: bid.id, version: bid.version, captcha: captchas.pop() },
        t(role),
      );
    for (const role of ['buyerNegotiator', 'buyerAuthorizer', 'sellerAuthorizer', 'buyerApprover', 'sellerApprover'])
      bid = await call('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, t(role));
    if (bid.status !== 'Approved') throw new Error(`the trade ended ${bid.status}, not Approved`);
  };
  const stopMeter = meter?.();
  const client0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    used.map(async (pair, i) => {
      for (let r = 0; r < rounds; r++) {
        try {
          await trade(pair, solved[i]);
          trades++;
        } catch (err) {
          errors++;
          firstError ??= err.message;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(client0);
  const callCount = [...timings.values()].reduce((n, list) => n + list.length, 0);
  const spent = stopMeter?.(callCount) ?? { serverUs: null, dbUs: null };
  const cpu = {
    serverUs: spent.serverUs === null ? null : Math.round(spent.serverUs),
    dbUs: spent.dbUs === null ? null : Math.round(spent.dbUs),
    clientUs: callCount ? Math.round((clientCpu.user + clientCpu.system) / callCount) : null,
  };
  const perCallUs = (cpu.serverUs ?? 0) + (cpu.dbUs ?? 0) + (cpu.clientUs ?? 0);
  const ceiling = perCallUs ? (os.availableParallelism() * 1e6) / perCallUs / 9 : null;
  const perCall = Object.fromEntries(
    [...timings].map(([method, list]) => [
      method,
      { calls: list.length, p50: round1(quantile(list, 0.5)), p99: round1(quantile(list, 0.99)) },
    ]),
  );
  const tradesPerSecond = trades / seconds;
  const calls = tradesPerSecond * 9;
  const line =
    `  parallel trades (${used.length} pairs × ${rounds}, one connection each): ${trades} trades in ` +
    `${seconds.toFixed(2)} s, ${tradesPerSecond.toFixed(1)} trades/s (${(calls / bareRps).toFixed(4)} of bare in ` +
    `calls), ${errors} errors${firstError ? ` (first: ${firstError})` : ''}; ` +
    Object.entries(perCall)
      .map(([m, f]) => `${m} p50 ${f.p50} ms p99 ${f.p99} ms`)
      .join(', ') +
    `; CPU a call: server ${cpu.serverUs ?? '?'} µs, database ${cpu.dbUs ?? '?'} µs, load generator ` +
    `${cpu.clientUs ?? '?'} µs, at most ${ceiling ? ceiling.toFixed(1) : '?'} trades/s on ` +
    `${os.availableParallelism()} cores if nothing waited`;
  console.log(line);
  return {
    pairs: used.length,
    rounds,
    trades,
    seconds,
    tradesPerSecond,
    errors,
    firstError,
    perCall,
    cpu,
    cpuCeiling: ceiling,
    line,
  };
}

/**
 * The listings of the pairs whose books do not add up after the run: what each held before (`pairs`, read when the
 * market was generated) less what it holds now must be the approved quantity of the bids placed since `since`, and
 * none holds less than nothing. Run after the server stopped (PGlite's files belong to one process).
 */
export async function oversoldListings(exec, pairs, since) {
  const before = pairs.flatMap((p) => [
    [p.offer, p.offer_available],
    [p.ask, p.ask_available],
  ]);
  if (!before.length) return 0;
  const { rows } = await exec(`select count(*)::int as n
    from (values ${before.map(([id, q]) => `(${Number(id)}, ${Number(q)}::numeric)`).join(', ')}) b(id, held)
    join listings l on l.id = b.id
    cross join lateral (select coalesce(sum(x.quantity), 0) as sold from bids x
      where x.status = 'Approved' and (x.offer_id = l.id or x.ask_id = l.id)
        and x.created_at >= '${since.toISOString()}') s
    where l.available_quantity < 0 or b.held - l.available_quantity <> s.sold`);
  return rows[0].n;
}

/**
 * Full trades, one after another, for `seconds` of server time: the buyer's Negotiator places a bid on the seller's
 * offer, three counters (seller, buyer, seller), the buyer's Negotiator accepts, then both Authorizers and both
 * Approvers approve (step-up: the generator opened these sessions' approval windows). Nine calls a trade; the
 * captchas of the four calls that need one are fetched and solved before each trade, outside the timed part.
 */
export async function fullTradeRate(base, ids, seconds, bareRps) {
  const t = TOKENS;
  const call = (method, body, token) => callApi(base, method, body, token);
  const validUntil = (h) => new Date(Date.now() + h * 3_600_000).toISOString();
  const terms = (price, hours) => ({ quantity: '10', price, valid_until: validUntil(hours) });
  let trades = 0;
  let busy = 0;
  let failure = null;
  try {
    if (!ids.trade_offer || !ids.trade_ask) throw new Error('no open offer and ask of companies 1 and 2 to trade');
    while (busy < seconds * 1000) {
      const captchas = await Promise.all([1, 2, 3, 4].map(() => captcha(base)));
      const started = performance.now();
      let bid = await call(
        'createBid',
        { ...terms('60', 8), my_offer_id: ids.trade_ask, offer_id: ids.trade_offer, captcha: captchas[0] },
        t.buyerNegotiator,
      );
      for (const [i, token] of [t.negotiator, t.buyerNegotiator, t.negotiator].entries())
        bid = await call(
          'negotiateBid',
          { ...terms(String(61 + i), 12), bid_id: bid.id, version: bid.version, captcha: captchas[i + 1] },
          token,
        );
      for (const token of [t.buyerNegotiator, t.buyerAuthorizer, t.sellerAuthorizer, t.buyerApprover, t.sellerApprover])
        bid = await call('bidAction', { bid_id: bid.id, is_approved: true, version: bid.version }, token);
      if (bid.status !== 'Approved') throw new Error(`the trade ended ${bid.status}, not Approved`);
      busy += performance.now() - started;
      trades++;
    }
  } catch (err) {
    failure = err.message;
  }
  const tradesPerSecond = busy ? trades / (busy / 1000) : 0;
  const callsPerSecond = tradesPerSecond * 9;
  const line = failure
    ? `  full trade FAILED after ${trades} trades: ${failure}`
    : `  full trade (place, 3 counters, accept, 4 approvals; 1 connection): ${trades} trades in ${(busy / 1000).toFixed(2)} s, ${tradesPerSecond.toFixed(2)} trades/s, ${callsPerSecond.toFixed(0)} calls/s (${(callsPerSecond / bareRps).toFixed(4)} of bare), ${(busy / Math.max(trades, 1) / 9).toFixed(1)} ms a call`;
  console.log(line);
  return {
    trades,
    seconds: busy / 1000,
    tradesPerSecond,
    callsPerSecond,
    ratio: callsPerSecond / bareRps,
    failure,
    line: line.trim(),
  };
}
