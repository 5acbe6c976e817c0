import type { Tx } from '../../db/client.js';
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
