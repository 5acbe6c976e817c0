// Which audit entry answers for a changed row of each table, and which tables change without one and why. Every
// table of the schema must be named here: a new table fails the audit check until it is.
import type { Harness } from '../../apps/server/src/test/harness.js';
import { rows } from './target.js';

type Rule = { object: string; key: string } | { exempt: string };

export const RULES: Record<string, Rule> = {
  companies: { object: 'company', key: 'id' },
  company_spirits: { object: 'company', key: 'company_id' },
  users: { object: 'user', key: 'id' },
  distilleries: { object: 'distillery', key: 'id' },
  mappings: { object: 'mapping', key: 'id' },
  mapping_distilleries: { object: 'mapping', key: 'mapping_id' },
  fee_rates: { object: 'fee', key: 'id' },
  // A bulk upload's rows are named by its file's entries, one per part (`listing.bulk_created`, after.listing_ids).
  listings: { object: 'listing', key: 'id' },
  bids: { object: 'bid', key: 'id' },
  bid_history: { object: 'bid', key: 'bid_id' },
  ratings: { object: 'rating', key: 'id' },
  // Issued and credited in the final approval's or the fee correction's transaction (`invoice.issued` / `.credited`).
  invoices: { object: 'invoice', key: 'id' },
  audit_log: { exempt: 'the log itself' },
  sessions: { exempt: 'sign-in bookkeeping: every signed-in call moves its idle clock' },
  used_captchas: { exempt: 'spent captcha challenges, kept until they expire' },
  one_time_codes: { exempt: 'step-up and sign-in codes (hashed): what they open is audited, not the code' },
  invitations: { exempt: 'set-password links (hashed); user.invitation_sent / user.activated record them' },
  mail_outbox: { exempt: 'the mail is its own record' },
  idempotency_keys: { exempt: 'stored answers of retried calls, kept 24 hours' },
  invoice_counters: { exempt: 'the last number of each series and year; every number is audited on its invoice' },
  bulk_upload_parts: {
    exempt: 'an upload’s checked rows until their part is written: each part’s listings get its listing.bulk_created',
  },
  files: { exempt: 'stored uploads; their use is audited where they are used (company, listing.bulk_created)' },
  // Issue 25: what users set up is audited; what the outbox and its consumers keep is bookkeeping of audited changes.
  price_alerts: { object: 'alert', key: 'id' },
  notification_preferences: { object: 'user', key: 'user_id' },
  api_keys: { object: 'api_key', key: 'id' },
  webhooks: { object: 'webhook', key: 'id' },
  events: { exempt: 'the outbox: each event is written beside the audit entry of the change it tells' },
  event_consumers: { exempt: 'each durable consumer’s place in the outbox' },
  stream_tickets: { exempt: 'single-use tickets that open an event stream, kept a minute' },
  notifications: { exempt: 'messages made from audited changes; marking them read is the reader’s own' },
  bid_lapse_warnings: { exempt: 'which bids their Negotiators were warned of before they lapse' },
  price_alert_hits: { exempt: 'which listing each alert has told its owner of' },
  api_key_uses: { exempt: 'each call made with a key: itself the record of its use' },
  webhook_deliveries: {
    exempt: 'each delivery and attempt: itself the record; a replay is audited (webhook.replayed)',
  },
  // Issue 23: the analysis' summaries, kept by statement triggers (migration 0030) from audited bids and listings.
  bid_funnel_days: { exempt: 'bids counted by day, status and locked, kept by triggers; the bids are audited' },
  company_trade_days: { exempt: 'each company’s trades summed by day, kept by triggers; the trades are audited' },
  company_trade_months: { exempt: 'each company’s trades summed by month, kept by triggers; the trades are audited' },
  company_trade_quarters: {
    exempt: 'each company’s trades summed by quarter, kept by triggers; the trades are audited',
  },
  open_listing_sums: {
    exempt: 'open listings summed by period, product and state, kept by triggers; audited listings',
  },
  distillery_ratings: { exempt: 'each distillery’s industry rating, kept by a trigger on the audited ratings' },
  trade_days: { exempt: 'approved trades summed by day, kept by triggers (migration 0024); the trades are audited' },
  trade_periods: {
    exempt:
      'approved trades summed by week and month, kept by the days’ trigger (migration 0040); the trades are audited',
  },
  names_epoch: {
    exempt:
      'a number raised by triggers when a company or distillery is renamed (migration 0037); the renames are audited',
  },
  ratings_epoch: {
    exempt: 'a number raised by a trigger when the ratings change (migration 0041); the ratings are audited',
  },
};

export type Snapshot = Map<string, string>;

/** One digest per (table, key) over the tables the rules audit: a row that changed, came or went changes its key's. */
export async function snapshot(h: Harness): Promise<Snapshot> {
  const audited = Object.entries(RULES).filter((e): e is [string, { object: string; key: string }] => 'object' in e[1]);
  const union = audited
    .map(
      ([t, r]) =>
        `select '${t}' as t, ${r.key}::text as k, md5(string_agg(x::text, '|' order by x::text)) as d from ${t} x group by ${r.key}`,
    )
    .join(' union all ');
  const out: Snapshot = new Map();
  for (const r of await rows<{ t: string; k: string; d: string }>(h.db, union)) out.set(`${r.t} ${r.k}`, r.d);
  return out;
}

export function changed(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

/** The changed rows (`table key`) that no audit entry after `sinceId` answers for. */
export async function unaudited(h: Harness, changes: string[], sinceId: number): Promise<string[]> {
  const entries = await rows<{ object_type: string; object_id: string; after: { listing_ids?: number[] } | null }>(
    h.db,
    `select object_type, object_id, after from audit_log where id > ${sinceId}`,
  );
  const named = new Set(entries.map((e) => `${e.object_type} ${e.object_id}`));
  for (const e of entries) for (const id of e.after?.listing_ids ?? []) named.add(`listing ${id}`);
  return changes.filter((change) => {
    const [table, key] = change.split(' ') as [string, string];
    const rule = RULES[table]!;
    return 'object' in rule && !named.has(`${rule.object} ${key}`);
  });
}

export async function lastAuditId(h: Harness): Promise<number> {
  const [r] = await rows<{ id: number }>(h.db, 'select coalesce(max(id), 0)::int as id from audit_log');
  return r!.id;
}
