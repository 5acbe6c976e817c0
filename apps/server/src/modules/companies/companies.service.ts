import { COMPANY_MESSAGES, SPIRIT_NAMES } from '@spirit/domain/companies/companies.constants';
import { canReview } from '@spirit/domain/companies/companies.rules';
import type { CreateCompany } from '@spirit/domain/companies/companies.schemas';
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, invalidField, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { claimUpload, findClaimableUpload } from '../files/files.service.js';
import { isCityOfState, isKnownState } from '../geo/geo.service.js';
import { mails, type Mail } from '../mail/mail.templates.js';
import { emailInUse } from '../users/users.repository.js';
import { issueInvitation } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { insertCompany, liveCompanyEmailExists, livePanExists, lockCompany } from './companies.repository.js';
import { companies } from './companies.table.js';

export const companyNotFound = () => notFound('company.not_found', COMPANY_MESSAGES.notFound);
export const displayName = (c: { name: string; registered_name: string }) => c.name || c.registered_name;

/** Checks against reference data the pure schema cannot see: states, cities, spirit names. */
export async function checkReferenceData(input: Pick<CreateCompany, 'state' | 'city' | 'type_of_spirits'>) {
  if (!(await isKnownState(input.state))) throw invalidField('state', COMPANY_MESSAGES.unknownState);
  if (!(await isCityOfState(input.state, input.city))) throw invalidField('city', COMPANY_MESSAGES.unknownCity);
  if (input.type_of_spirits.some((s) => !SPIRIT_NAMES.includes(s))) {
    throw invalidField('type_of_spirits', COMPANY_MESSAGES.unknownSpirit);
  }
}

export async function registerCompany(deps: Deps, input: CreateCompany): Promise<{ id: number }> {
  await checkReferenceData(input);
  const fileId = fileIdFromUrl(input.license);
  if (!fileId) throw invalidField('license', COMPANY_MESSAGES.fileUnknown);
  await deps.captcha.verify(input.captcha);
  const now = deps.now();
  const company = await deps.db.transaction(async (tx) => {
    if ((await emailInUse(tx, input.email)) || (await liveCompanyEmailExists(tx, input.email))) {
      throw conflict('company.email_in_use', COMPANY_MESSAGES.emailInUse, { email: COMPANY_MESSAGES.emailInUse });
    }
    if (await livePanExists(tx, input.pan_no)) {
      throw conflict('company.pan_in_use', COMPANY_MESSAGES.panInUse, { pan_no: COMPANY_MESSAGES.panInUse });
    }
    const upload = await findClaimableUpload(tx, deps, fileId);
    if (!upload) throw invalidField('license', COMPANY_MESSAGES.fileUnknown, 'file.not_found');
    const spirits = [...new Set(input.type_of_spirits)];
    const created = await insertCompany(
      tx,
      {
        type: input.type,
        name: input.name,
        admin_name: input.admin_name,
        registered_name: input.registered_name,
        license_number: input.license_number ?? '',
        pan_no: input.pan_no,
        gst_number: input.gst_number,
        address: input.address,
        city: input.city,
        state: input.state,
        pin_code: input.pin_code,
        distillery_address: input.distillery_address,
        email: input.email,
        mobile_number: input.mobile_number,
        is_bid_confidential: false,
        license_file_id: fileId,
        status: 'Pending',
        created_at: now,
        updated_at: now,
      },
      spirits,
    );
    await claimUpload(tx, fileId, created.id, now);
    await audit(tx, {
      actorUserId: null,
      companyId: created.id,
      action: 'company.registered',
      objectType: 'company',
      objectId: created.id,
      after: { ...created, type_of_spirits: spirits },
    });
    return created;
  });
  await deps.mailer.send(mails.registrationReceived({ to: company.email, company: displayName(company) }));
  return { id: company.id };
}

/** Approve or reject a Pending company. Approval creates its admin user and mails the set-password link. */
export async function reviewCompany(
  deps: Deps,
  actor: Actor,
  input: { id: number; status: 'Approved' | 'Rejected'; reason?: string | undefined },
) {
  const reason = input.status === 'Rejected' && input.reason ? input.reason : undefined;
  const outgoing: Mail[] = [];
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, input.id);
    if (!company) throw companyNotFound();
    if (!canReview(company.status, input.status))
      throw badRequest('company.bad_transition', COMPANY_MESSAGES.badTransition);
    await tx.update(companies).set({ status: input.status, updated_at: now }).where(eq(companies.id, company.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: company.id,
      action: input.status === 'Approved' ? 'company.approved' : 'company.rejected',
      objectType: 'company',
      objectId: company.id,
      before: { status: company.status },
      after: reason ? { status: input.status, reason } : { status: input.status },
    });
    const name = displayName(company);
    if (input.status === 'Rejected') {
      outgoing.push(mails.companyRejected({ to: company.email, company: name, reason }));
      return;
    }
    if (await emailInUse(tx, company.email)) {
      throw conflict('company.email_in_use', COMPANY_MESSAGES.emailInUse, { email: COMPANY_MESSAGES.emailInUse });
    }
    const [admin] = await tx
      .insert(users)
      .values({
        company_id: company.id,
        name: company.admin_name || name,
        email: company.email,
        mobile_number: company.mobile_number,
        is_admin: true,
        is_active: false,
        created_at: now,
        updated_at: now,
      })
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: company.id,
      action: 'user.created',
      objectType: 'user',
      objectId: admin!.id,
      after: { email: admin!.email, is_admin: true, is_active: false },
    });
    outgoing.push(mails.companyApproved({ to: company.email, company: name }));
    outgoing.push(await issueInvitation(tx, deps, admin!, name));
  });
  for (const mail of outgoing) await deps.mailer.send(mail);
  return { message: input.status === 'Approved' ? COMPANY_MESSAGES.approved : COMPANY_MESSAGES.rejected };
}
