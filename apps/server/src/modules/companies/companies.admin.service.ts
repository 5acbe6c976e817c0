// The SuperAdmin's side of companies: lists, details, edit, delete and restore, notifications.
import { COMPANY_MESSAGES } from '@spirit/domain/companies/companies.constants';
import type { CompanyDetails } from '@spirit/domain/companies/companies.admin.schemas';
import { fileIdFromUrl, fileUrlOf } from '@spirit/domain/files/files.constants';
import type { companyListSchema, updateCompanySchema } from '@spirit/domain/companies/companies.admin.schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { badRequest, conflict, invalidField } from '../../lib/errors.js';
import { pageWithKnownTotal, totalKey } from '../../lib/list.js';
import type { Deps } from '../../types.js';
import { audit, changedFields } from '../audit/audit.service.js';
import { revokeCompanySessions, voidInvitations } from '../auth/auth.repository.js';
import { claimUpload, findClaimableUpload } from '../files/files.service.js';
import { mails, type Mail } from '../mail/mail.templates.js';
import { emailInUse } from '../users/users.repository.js';
import { users } from '../users/users.table.js';
import { issueInvitation } from '../users/users.service.js';
import {
  approvedCompanyNames,
  countCompanies,
  companyAdmin,
  findCompanyWithSpirits,
  listCompanies,
  liveCompanyEmailExists,
  livePanExists,
  lockCompany,
  replaceSpirits,
  spiritsOf,
} from './companies.repository.js';
import { checkReferenceData, companyNotFound, displayName } from './companies.service.js';
import { companies } from './companies.table.js';

export async function list(deps: Deps, q: z.output<typeof companyListSchema>) {
  const query = { ...q, type: q.search?.type, status: q.search?.status };
  // The platform's list: its total is kept for seconds like the market's (lib/list.ts), and forgotten when this
  // process writes — a registration or a review here shows in the next total.
  const page = await pageWithKnownTotal({
    cache: deps.marketCache,
    key: totalKey('companies', query),
    now: deps.now().getTime(),
    q,
    page: (withTotal) => listCompanies(deps.db, query, withTotal),
    countAll: () => countCompanies(deps.db, query),
  });
  return {
    records: page.records.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    totalRecords: page.totalRecords,
  };
}

/** SuperAdmin sees any company; a company's users see their own; any other is "not found". */
export async function details(deps: Deps, actor: Actor, id: number | undefined): Promise<CompanyDetails> {
  const wanted = id ?? actor.companyId;
  if (!wanted || (!isSuperAdmin(actor) && wanted !== actor.companyId)) throw companyNotFound();
  const found = await findCompanyWithSpirits(deps.db, wanted);
  if (!found) throw companyNotFound();
  const { company, spirits } = found;
  return {
    id: company.id,
    name: company.name,
    type: company.type,
    registered_name: company.registered_name,
    license_number: company.license_number,
    pan_no: company.pan_no,
    gst_number: company.gst_number,
    address: company.address,
    city: company.city,
    state: company.state,
    pin_code: company.pin_code,
    type_of_spirits: spirits.map((s) => s.type_of_spirit),
    company_spirits: spirits,
    distillery_address: company.distillery_address,
    email: company.email,
    mobile_number: company.mobile_number,
    is_bid_confidential: company.is_bid_confidential,
    license: company.license_file_id ? fileUrlOf(company.license_file_id) : null,
    status: company.status,
  };
}

export async function update(deps: Deps, actor: Actor, input: z.output<typeof updateCompanySchema>) {
  await checkReferenceData(input);
  const fileId = fileIdFromUrl(input.license);
  if (!fileId) throw invalidField('license', COMPANY_MESSAGES.fileUnknown);
  const now = deps.now();
  const mail = await deps.db.transaction(async (tx) => {
    const before = await lockCompany(tx, input.id);
    if (!before) throw companyNotFound();
    if (before.status === 'Deleted') throw badRequest('company.deleted', COMPANY_MESSAGES.deletedCannotEdit);
    const admin = await companyAdmin(tx, before.id);
    const emailTaken =
      (await liveCompanyEmailExists(tx, input.email, before.id)) || (await emailInUse(tx, input.email, admin?.id));
    if (emailTaken)
      throw conflict('company.email_in_use', COMPANY_MESSAGES.emailInUse, { email: COMPANY_MESSAGES.emailInUse });
    if (await livePanExists(tx, input.pan_no, before.id)) {
      throw conflict('company.pan_in_use', COMPANY_MESSAGES.panInUse, { pan_no: COMPANY_MESSAGES.panInUse });
    }
    if (fileId !== before.license_file_id) {
      const upload = await findClaimableUpload(tx, deps, fileId);
      if (!upload) throw invalidField('license', COMPANY_MESSAGES.fileUnknown, 'file.not_found');
      await claimUpload(tx, fileId, before.id, now);
    }
    const spirits = [...new Set(input.type_of_spirits)];
    const spiritsBefore = (await spiritsOf(tx, before.id)).map((s) => s.type_of_spirit);
    const changes = {
      type: input.type,
      name: input.name,
      registered_name: input.registered_name,
      license_number: input.license_number,
      pan_no: input.pan_no,
      gst_number: input.gst_number,
      address: input.address,
      city: input.city,
      state: input.state,
      pin_code: input.pin_code,
      distillery_address: input.distillery_address,
      email: input.email,
      mobile_number: input.mobile_number,
      is_bid_confidential: input.is_bid_confidential,
      license_file_id: fileId,
    };
    await tx
      .update(companies)
      .set({ ...changes, updated_at: now })
      .where(eq(companies.id, before.id));
    await replaceSpirits(tx, before.id, spirits);
    // The company email is its admin's sign-in: they move together.
    const adminMoves = admin && admin.email.toLowerCase() === before.email.toLowerCase() && admin.email !== input.email;
    if (adminMoves) {
      await tx.update(users).set({ email: input.email, updated_at: now }).where(eq(users.id, admin.id));
      // A link mailed to the old address must not set up the account now signed in with the new one.
      await voidInvitations(tx, admin.id, now);
    }
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: before.id,
      action: 'company.updated',
      objectType: 'company',
      objectId: before.id,
      ...changedFields({ ...before, type_of_spirits: spiritsBefore }, { ...changes, type_of_spirits: spirits }),
    });
    if (!adminMoves || admin.is_active) return null;
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: before.id,
      action: 'user.invitation_sent',
      objectType: 'user',
      objectId: admin.id,
    });
    return issueInvitation(tx, deps, { ...admin, email: input.email }, displayName(input));
  });
  if (mail) await deps.mailer.send(mail);
}

/** Soft delete: the company keeps its data, its users are signed out and cannot sign in. */
export async function remove(deps: Deps, actor: Actor, companyId: number) {
  const now = deps.now();
  const mail = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) throw companyNotFound();
    if (company.status === 'Deleted') throw badRequest('company.already_deleted', COMPANY_MESSAGES.alreadyDeleted);
    await tx
      .update(companies)
      .set({ status: 'Deleted', status_before_delete: company.status, updated_at: now })
      .where(eq(companies.id, company.id));
    await revokeCompanySessions(tx, company.id, now);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: company.id,
      action: 'company.deleted',
      objectType: 'company',
      objectId: company.id,
      before: { status: company.status },
      after: { status: 'Deleted' },
    });
    return mails.companyDeleted({ to: company.email, company: displayName(company) });
  });
  await deps.mailer.send(mail);
}

export async function restore(deps: Deps, actor: Actor, companyId: number) {
  const now = deps.now();
  const mail = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) throw companyNotFound();
    if (company.status !== 'Deleted') throw badRequest('company.not_deleted', COMPANY_MESSAGES.notDeleted);
    const status = company.status_before_delete ?? 'Pending';
    await tx
      .update(companies)
      .set({ status, status_before_delete: null, updated_at: now })
      .where(eq(companies.id, company.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: company.id,
      action: 'company.restored',
      objectType: 'company',
      objectId: company.id,
      before: { status: 'Deleted' },
      after: { status },
    });
    return mails.companyRestored({ to: company.email, company: displayName(company) });
  });
  await deps.mailer.send(mail);
}

/**
 * "Notify" on a prospect repeats the registration-received mail; "Resend Link" on an approved company whose
 * admin has not set a password sends a fresh set-password link (voiding the old one).
 */
export async function notify(deps: Deps, actor: Actor, companyId: number): Promise<string> {
  let message: string = COMPANY_MESSAGES.notified;
  const mail: Mail = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) throw companyNotFound();
    const name = displayName(company);
    if (company.status === 'Pending') return mails.registrationReceived({ to: company.email, company: name });
    if (company.status !== 'Approved') throw badRequest('company.cannot_notify', COMPANY_MESSAGES.cannotNotify);
    const admin = await companyAdmin(tx, company.id);
    if (!admin) throw companyNotFound();
    if (admin.is_active) throw badRequest('company.admin_active', COMPANY_MESSAGES.adminActive);
    message = COMPANY_MESSAGES.linkSent;
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: company.id,
      action: 'user.invitation_sent',
      objectType: 'user',
      objectId: admin.id,
    });
    return issueInvitation(tx, deps, admin, name);
  });
  await deps.mailer.send(mail);
  return message;
}

/**
 * Approved companies of a type for pickers. A company Admin (the ratings form) gets the companies it may rate, those
 * of the opposite type, and for its own type only itself.
 */
export async function names(deps: Deps, actor: Actor, type: 'Seller' | 'Buyer') {
  if (isSuperAdmin(actor) || type !== actor.companyType) return approvedCompanyNames(deps.db, type);
  return approvedCompanyNames(deps.db, type, actor.companyId!);
}
