import type { Tx } from '../../db/client.js';
import type { InsertRows } from '../../db/together.js';
import type { Deps } from '../../types.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import { countAudit, listAudit, type AuditQuery } from './audit.repository.js';
import { auditLog } from './audit.table.js';

export type AuditEntry = {
  actorUserId: number | null;
  companyId: number | null;
  action: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
};

/** Written inside the transaction that made the change, so the log and the change stand or fall together. */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, entry);
}

const auditRow = (entry: AuditEntry) => ({
  actor_user_id: entry.actorUserId,
  company_id: entry.companyId,
  action: entry.action,
  object_type: entry.objectType,
  object_id: String(entry.objectId),
  before: entry.before ?? null,
  after: entry.after ?? null,
});

function auditInsert(tx: Tx, entry: AuditEntry) {
  return tx.insert(auditLog).values(auditRow(entry));
}

/** Entries to write with the change's other rows in one statement (db/together.ts). */
export function auditRows(entries: AuditEntry[]): InsertRows {
  return { table: auditLog, rows: entries.map(auditRow) };
}

const comparable = (v: unknown) => JSON.stringify(Array.isArray(v) ? [...v].sort() : (v ?? null));

/**
 * The fields `after` names whose values differ from `before`'s, as a before/after pair with the same keys, so an
 * entry records what changed and nothing else. Lists compare as sets (the order of spirits means nothing).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (comparable(before[key]) === comparable(value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value ?? null;
  }
  return { before: was, after: now };
}

/** The audit log for the SuperAdmin, filtered and paginated. */
export async function listAuditLog(deps: Deps, q: AuditQuery) {
  // The log grows with every write: its capped count is kept for seconds like the market's totals (lib/list.ts),
  // and forgotten when this process writes.
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: totalKey('audit', q),
    now: deps.now().getTime(),
    q,
    page: (withTotal) => listAudit(deps.db, q, withTotal),
    countAll: () => countAudit(deps.db, q),
  });
  return {
    records: page.records.map(({ entry, actor_name, company_name }) => ({
      id: entry.id,
      created_at: entry.created_at.toISOString(),
      actor_user_id: entry.actor_user_id,
      actor_name,
      company_id: entry.company_id,
      company_name,
      action: entry.action,
      object_type: entry.object_type,
      object_id: entry.object_id,
      before: entry.before,
      after: entry.after,
    })),
    totalRecords: page.totalRecords,
  };
}
