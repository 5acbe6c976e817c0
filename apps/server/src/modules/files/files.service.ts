import { randomUUID } from 'node:crypto';
import {
  FILE_MESSAGES,
  MAX_UPLOAD_BYTES,
  ALLOWED_UPLOAD_TYPES,
  SALE_ORDER_PURPOSE,
  UNCLAIMED_UPLOAD_TTL_HOURS,
  fileUrlOf,
} from '@spirit/domain/files/files.constants';
import { BULK_MAX_BYTES, LISTING_MESSAGES } from '@spirit/domain/listings/listings.constants';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Tx } from '../../db/client.js';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { isSaleOrderBoughtBy } from '../bids/bids.sale-order.repository.js';
import { files } from './files.table.js';
import { sniffSheet } from './files.sheets.js';
import { isWholeFile, servedName } from './files.verify.js';

export const fileNotFound = () => notFound('file.not_found', FILE_MESSAGES.notFound);

/** The real type of an upload (PDF, JPEG or PNG) by its whole content; refused with the spec's messages. */
async function verifiedType(bytes: Buffer): Promise<(typeof ALLOWED_UPLOAD_TYPES)[number]> {
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('file.too_large', 413, FILE_MESSAGES.tooLarge, { file: FILE_MESSAGES.tooLarge });
  if (bytes.length === 0) throw invalidField('file', FILE_MESSAGES.invalidFormat, 'file.invalid_format');
  const detected = await fileTypeFromBuffer(bytes);
  // The sniffer reads the first bytes only; the whole file must be that type, so a polyglot is refused.
  const allowed = detected && (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(detected.mime);
  if (!allowed || !isWholeFile(detected.mime, bytes)) {
    throw invalidField('file', FILE_MESSAGES.invalidFormat, 'file.invalid_format');
  }
  return detected.mime as (typeof ALLOWED_UPLOAD_TYPES)[number];
}

/**
 * Stores an upload after checking its real type by its whole content, named with that type's extension; it stays
 * unclaimed until a registration links it.
 */
export async function storeUpload(deps: Deps, upload: { filename: string; bytes: Buffer; ip: string | null }) {
  const mime = await verifiedType(upload.bytes);
  const id = randomUUID();
  await deps.storage.put(id, upload.bytes);
  const name = servedName(upload.filename, mime);
  await deps.db.insert(files).values({
    id,
    original_name: name,
    content_type: mime,
    size: upload.bytes.length,
    storage_key: id,
    uploaded_ip: upload.ip,
    created_at: deps.now(),
  });
  return { id, file_url: fileUrlOf(id) };
}

/**
 * A trade's sale order (`purpose=sale_order`): checked as any upload, and the uploader's company's at once. Which
 * trade it belongs to, and whether the caller may attach it, is `updateBid`'s to decide.
 */
export async function storeSaleOrderUpload(
  deps: Deps,
  actor: Actor,
  upload: { filename: string; bytes: Buffer; ip: string | null },
) {
  const mime = await verifiedType(upload.bytes);
  return storeCompanyFile(deps, {
    companyId: actor.companyId!,
    kind: SALE_ORDER_PURPOSE,
    name: servedName(upload.filename, mime),
    contentType: mime,
    bytes: upload.bytes,
    ip: upload.ip,
  });
}

const sheetRefused = (message: string) => invalidField('file', message, 'file.invalid_format');

/**
 * A bulk-upload spreadsheet (`purpose=bulk`): csv, xls or xlsx by content, an xlsx within the unpacked bound. It
 * belongs to the uploader's company at once (the caller is signed in).
 */
export async function storeSheetUpload(
  deps: Deps,
  actor: Actor,
  upload: { filename: string; bytes: Buffer; ip: string | null },
) {
  if (upload.bytes.length > BULK_MAX_BYTES)
    throw new AppError('file.too_large', 413, LISTING_MESSAGES.bulkTooLarge, { file: LISTING_MESSAGES.bulkTooLarge });
  const sheet = upload.bytes.length ? await sniffSheet(upload.bytes) : null;
  if (!sheet) throw sheetRefused(LISTING_MESSAGES.bulkInvalidFormat);
  if (sheet.bomb === 'too_large') throw sheetRefused(LISTING_MESSAGES.bulkUnpackedTooLarge);
  if (sheet.bomb) throw sheetRefused(LISTING_MESSAGES.bulkUnreadable);
  return storeCompanyFile(deps, {
    companyId: actor.companyId!,
    kind: 'bulk',
    name: servedName(upload.filename, sheet.type),
    contentType: sheet.type,
    bytes: upload.bytes,
    ip: upload.ip,
  });
}

type GeneratedFile = { kind: string; name: string; contentType: string; bytes: Buffer; ip: string | null };

/** A file that belongs to a company from the start (bulk sheets, generated templates). */
export async function storeCompanyFile(deps: Deps, file: GeneratedFile & { companyId: number }) {
  return storeOwnedFile(deps, file, file.companyId);
}

/**
 * A file the platform made for the SuperAdmin (an export of every company's rows): no company, claimed at once, so
 * it is neither an unclaimed upload (purged, served to nobody) nor any company's; only the SuperAdmin reads it.
 */
export async function storePlatformFile(deps: Deps, file: GeneratedFile) {
  return storeOwnedFile(deps, file, null);
}

async function storeOwnedFile(deps: Deps, file: GeneratedFile, companyId: number | null) {
  const id = randomUUID();
  await deps.storage.put(id, file.bytes);
  const now = deps.now();
  await deps.db.insert(files).values({
    id,
    kind: file.kind,
    original_name: file.name,
    content_type: file.contentType,
    size: file.bytes.length,
    storage_key: id,
    company_id: companyId,
    claimed_at: now,
    uploaded_ip: file.ip,
    created_at: now,
  });
  return { id, file_url: fileUrlOf(id) };
}

/** A company's own file of a kind, with its bytes; null when there is none (another company's included). */
export async function readCompanyFile(deps: Deps, opts: { companyId: number; id: string; kind: string }) {
  const row = (
    await deps.db
      .select()
      .from(files)
      .where(and(eq(files.id, opts.id), eq(files.company_id, opts.companyId), eq(files.kind, opts.kind)))
      .limit(1)
  )[0];
  const bytes = row && (await deps.storage.get(row.storage_key));
  return row && bytes ? { row, bytes } : null;
}

/** Marks a bulk sheet as read into listings; false when it already was (the row stays locked to the end). */
export async function consumeFile(tx: Tx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(files)
    .set({ consumed_at: now })
    .where(and(eq(files.id, id), isNull(files.consumed_at)))
    .returning({ id: files.id });
  return rows.length === 1;
}

/** An unclaimed upload young enough to be linked to a new company, locked for the claim. */
export async function findClaimableUpload(tx: Tx, deps: Deps, id: string) {
  const cutoff = new Date(deps.now().getTime() - UNCLAIMED_UPLOAD_TTL_HOURS * 3_600_000);
  const rows = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.claimed_at)))
    .for('update');
  const row = rows[0];
  return row && row.created_at > cutoff ? row : null;
}

export async function claimUpload(tx: Tx, id: string, companyId: number, now: Date) {
  await tx.update(files).set({ company_id: companyId, claimed_at: now }).where(eq(files.id, id));
}

/**
 * The bytes of a file the actor may see: SuperAdmin any company's and the platform's own; a company its own; a sale
 * order also the buyer of a trade it is attached to. Others' files, and uploads no registration claimed yet, do not
 * exist.
 */
export async function readFileFor(deps: Deps, actor: Actor, id: string) {
  const row = (await deps.db.select().from(files).where(eq(files.id, id)).limit(1))[0];
  if (!row || (row.company_id === null && row.claimed_at === null)) throw fileNotFound();
  const own = isSuperAdmin(actor) || (row.company_id !== null && row.company_id === actor.companyId);
  const buyerOfTrade =
    !own &&
    row.kind === SALE_ORDER_PURPOSE &&
    !!actor.companyId &&
    (await isSaleOrderBoughtBy(deps.db, id, actor.companyId));
  if (!own && !buyerOfTrade) throw fileNotFound();
  const bytes = await deps.storage.get(row.storage_key);
  if (!bytes) throw fileNotFound();
  return { bytes, contentType: row.content_type, name: row.original_name };
}

/** Deletes uploads no registration claimed within the time limit. Returns how many went. */
export async function purgeUnclaimedUploads(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - UNCLAIMED_UPLOAD_TTL_HOURS * 3_600_000);
  const stale = await deps.db
    .delete(files)
    .where(and(isNull(files.claimed_at), lt(files.created_at, cutoff)))
    .returning({ key: files.storage_key });
  for (const { key } of stale) await deps.storage.remove(key);
  return stale.length;
}
