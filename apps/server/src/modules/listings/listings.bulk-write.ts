// A checked bulk sheet written as listings (issue 20 item 6). The embedded database has one connection, and 10,000
// inserts hold it for most of a second; in one transaction, every other request waited that long. So no transaction
// of an upload is large: its rows are staged a part per transaction, marked ready in the transaction that consumes the
// file, then written as listings a part per transaction, and other requests run between them. A part's staged row is
// deleted in the transaction that writes it, so a part is written once, whoever writes it. Ready parts a crash left
// are written at the next start (or by the scheduler), so an upload always ends whole (docs/decisions.md "Bulk
// uploads in parts").
import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { auditLog } from '../audit/audit.table.js';
import { publishListingsCreated } from '../events/events.service.js';
import { bulkUploadParts, listings } from './listings.table.js';

/** Rows per transaction: 25–60 ms of the embedded database's thread each (500 held it up to 120 ms). */
export const BULK_ROWS_PER_PART = 250;
/** A part never marked ready (its request died or lost the file to another call) is removed after this long. */
const ABANDONED_AFTER_MS = 600_000;

type Upload = { fileId: string; companyId: number; actorUserId: number; side: 'Offer' | 'Ask'; now: Date };
export type StagedUpload = { uploadId: string; parts: number };

/** Stages an upload's new listings, a part per transaction, not yet ready: nothing is owed until `markReady`. */
export async function stageUpload(
  deps: Deps,
  upload: Upload,
  values: Record<string, unknown>[],
): Promise<StagedUpload> {
  const uploadId = randomUUID();
  const columns = values.length
    ? Object.keys(values[0]!).map((key) => listings[key as keyof typeof listings.$inferInsert].name)
    : [];
  const parts = Math.ceil(values.length / BULK_ROWS_PER_PART);
  for (let part = 0; part < parts; part++)
    await deps.db.insert(bulkUploadParts).values({
      upload_id: uploadId,
      part,
      parts,
      file_id: upload.fileId,
      company_id: upload.companyId,
      actor_user_id: upload.actorUserId,
      side: upload.side,
      columns,
      rows: values.slice(part * BULK_ROWS_PER_PART, (part + 1) * BULK_ROWS_PER_PART),
      staged_at: upload.now,
    });
  return { uploadId, parts };
}

/** In the transaction that consumes the file: from its commit, every part of the upload is owed. */
export async function markReady(tx: Tx, uploadId: string): Promise<void> {
  await tx.update(bulkUploadParts).set({ ready: true }).where(eq(bulkUploadParts.upload_id, uploadId));
}

/** Removes an upload's staged parts (its request lost the file to another call). */
export async function dropStaged(deps: Deps, uploadId: string): Promise<void> {
  await deps.db.delete(bulkUploadParts).where(eq(bulkUploadParts.upload_id, uploadId));
}

/**
 * Writes one ready part as listings, with its audit entry and events, in one transaction. Answers the new ids, or
 * null when the part is already written (by another process's start, or the scheduler).
 */
async function writePart(deps: Deps, uploadId: string, part: number): Promise<number[] | null> {
  return deps.db.transaction(async (tx) => {
    const [staged] = await tx
      .select({
        parts: bulkUploadParts.parts,
        file_id: bulkUploadParts.file_id,
        company_id: bulkUploadParts.company_id,
        actor_user_id: bulkUploadParts.actor_user_id,
        side: bulkUploadParts.side,
        columns: bulkUploadParts.columns,
      })
      .from(bulkUploadParts)
      .where(
        and(eq(bulkUploadParts.upload_id, uploadId), eq(bulkUploadParts.part, part), eq(bulkUploadParts.ready, true)),
      )
      .for('update');
    if (!staged) return null;
    const names = sql.join(
      staged.columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    const res = await tx.execute(sql`
      with part as (
        delete from ${bulkUploadParts} where upload_id = ${uploadId} and part = ${part} returning rows)
      insert into ${listings} (${names})
      select ${names} from part cross join lateral json_populate_recordset(null::${listings}, part.rows)
      returning ${listings.id}`);
    const ids = (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    await audit(tx, {
      actorUserId: staged.actor_user_id,
      companyId: staged.company_id,
      action: 'listing.bulk_created',
      objectType: 'file',
      objectId: staged.file_id,
      after: { side: staged.side, count: ids.length, part: `${part + 1} of ${staged.parts}`, listing_ids: ids },
    });
    await publishListingsCreated(tx, ids, { userId: staged.actor_user_id, companyId: staged.company_id });
    return ids;
  });
}

/** Every new listing of a file's upload, from its audit entries (one per part). */
async function uploadedIds(deps: Deps, fileId: string): Promise<number[]> {
  const entries = await deps.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'listing.bulk_created'), eq(auditLog.object_id, fileId)));
  return entries
    .flatMap((e) => (e.after as { listing_ids?: number[] } | null)?.listing_ids ?? [])
    .sort((a, b) => a - b);
}

/** Writes every part of a ready upload in turn; answers all of its listings' ids. */
export async function writeUpload(deps: Deps, fileId: string, upload: StagedUpload): Promise<number[]> {
  const ids: number[] = [];
  let whole = true;
  for (let part = 0; part < upload.parts; part++) {
    const written = await writePart(deps, upload.uploadId, part);
    if (written) ids.push(...written);
    else whole = false;
  }
  // A part written by someone else is committed by now (its row was locked until then): its ids are in its entry.
  return whole ? ids : uploadedIds(deps, fileId);
}

/**
 * Finishes the ready uploads whose parts are still staged: at start, every one (a crash cut them); from the
 * scheduler, those staged before `stagedBefore` (a request still writing a younger one is left to finish it), and
 * removes parts never marked ready. Answers how many uploads it finished.
 */
export async function resumeBulkUploads(deps: Deps, stagedBefore?: Date): Promise<number> {
  const left = await deps.db
    .selectDistinct({
      upload_id: bulkUploadParts.upload_id,
      file_id: bulkUploadParts.file_id,
      parts: bulkUploadParts.parts,
    })
    .from(bulkUploadParts)
    .where(and(eq(bulkUploadParts.ready, true), stagedBefore ? lt(bulkUploadParts.staged_at, stagedBefore) : undefined))
    .orderBy(asc(bulkUploadParts.upload_id));
  for (const u of left) await writeUpload(deps, u.file_id, { uploadId: u.upload_id, parts: u.parts });
  if (stagedBefore) {
    const abandoned = new Date(stagedBefore.getTime() - ABANDONED_AFTER_MS);
    await deps.db
      .delete(bulkUploadParts)
      .where(and(eq(bulkUploadParts.ready, false), lt(bulkUploadParts.staged_at, abandoned)));
  }
  return left.length;
}
