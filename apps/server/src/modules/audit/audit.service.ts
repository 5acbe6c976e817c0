import type { Tx } from '../../db/client.js';
import type { Deps } from '../../types.js';
import { listAudit, type AuditQuery } from './audit.repository.js';
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
  await tx.insert(auditLog).values({
    actor_user_id: entry.actorUserId,
    company_id: entry.companyId,
    action: entry.action,
    object_type: entry.objectType,
    object_id: String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The audit log for the SuperAdmin, filtered and paginated. */
export async function listAuditLog(deps: Deps, q: AuditQuery) {
  const page = await listAudit(deps.db, q);
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
