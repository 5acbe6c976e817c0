// A company Admin's management of the company's users (spec 000: Add User, Users List; DESIGN.md §4).
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { USER_MESSAGES, type UserRecord } from '@spirit/domain/users/users.schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { onUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import { liveCompanyEmailExists } from '../companies/companies.repository.js';
import type { Mail } from '../mail/mail.templates.js';
import { mappingNaming } from '../mappings/mappings.repository.js';
import {
  emailInUse,
  factsOf,
  findCompanyUserWithFacts,
  listCompanyUsers,
  lockCompanyUser,
  type UserRow,
  type UserWithFacts,
} from './users.repository.js';
import { issueInvitation } from './users.service.js';
import { users } from './users.table.js';

type UserForm = { email: string; name: string; mobile_number: string };

const userNotFound = () => notFound('user.not_found', USER_MESSAGES.notFound);
const emailTaken = () => conflict('user.email_in_use', USER_MESSAGES.emailInUse, { email: USER_MESSAGES.emailInUse });
const archivedUser = () => conflict('user.archived', USER_MESSAGES.archivedCannotEdit);
const uniqueEmail = { users_email_idx: emailTaken };

/** What the audit log keeps of a user: the fields an Admin sees, never the password hash. */
const auditView = (u: UserRow) => ({
  name: u.name,
  email: u.email,
  mobile_number: u.mobile_number,
  is_active: u.is_active,
  is_archived: u.is_archived,
});

function toRecord(u: UserWithFacts): UserRecord {
  const facts = factsOf(u);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    mobile_number: u.mobile_number,
    company_id: u.company_id,
    is_active: u.is_active,
    is_archived: u.is_archived,
    roles: facts.roles,
    distilleries: facts.distilleries,
  };
}

/**
 * Every account has its own email. Besides users, the admin email of another live company is taken: approving
 * that company creates its admin account with it.
 */
async function checkEmailFree(tx: Tx, email: string, companyId: number) {
  if ((await emailInUse(tx, email)) || (await liveCompanyEmailExists(tx, email, companyId))) throw emailTaken();
}

/** The Admin's company id; the registry admitted only Admins, who always belong to a company. */
const companyOf = (actor: Actor) => actor.companyId!;

async function lockUser(tx: Tx, actor: Actor, id: number) {
  const user = await lockCompanyUser(tx, companyOf(actor), id);
  if (!user) throw userNotFound();
  return user;
}

/** Add User: an inactive user of the Admin's company, who gets a set-password link by mail. */
export async function addUser(deps: Deps, actor: Actor, form: UserForm): Promise<{ id: number }> {
  const now = deps.now();
  const { mail, id } = await onUniqueViolation(
    deps.db.transaction(async (tx) => {
      await checkEmailFree(tx, form.email, companyOf(actor));
      const [created] = await tx
        .insert(users)
        .values({
          company_id: companyOf(actor),
          name: form.name,
          email: form.email,
          mobile_number: form.mobile_number,
          is_active: false,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await audit(tx, {
        actorUserId: actor.userId,
        companyId: actor.companyId,
        action: 'user.created',
        objectType: 'user',
        objectId: created!.id,
        after: auditView(created!),
      });
      return { id: created!.id, mail: await issueInvitation(tx, deps, created!, actor.companyName ?? '') };
    }),
    uniqueEmail,
  );
  await deps.mailer.send(mail);
  return { id };
}

/**
 * Edit User: name, email and mobile. A user who has not set a password yet gets a fresh link at a changed
 * address, and the link sent to the old address stops working.
 */
export async function editUser(deps: Deps, actor: Actor, input: UserForm & { id: number }): Promise<void> {
  const now = deps.now();
  const mail = await onUniqueViolation(
    deps.db.transaction(async (tx) => {
      const before = await lockUser(tx, actor, input.id);
      if (before.is_archived) throw archivedUser();
      const emailChanged = before.email.toLowerCase() !== input.email.toLowerCase();
      if (emailChanged) await checkEmailFree(tx, input.email, companyOf(actor));
      const [after] = await tx
        .update(users)
        .set({ name: input.name, email: input.email, mobile_number: input.mobile_number, updated_at: now })
        .where(eq(users.id, before.id))
        .returning();
      await audit(tx, {
        actorUserId: actor.userId,
        companyId: actor.companyId,
        action: 'user.updated',
        objectType: 'user',
        objectId: before.id,
        before: auditView(before),
        after: auditView(after!),
      });
      return emailChanged && !before.is_active
        ? await issueInvitation(tx, deps, after!, actor.companyName ?? '')
        : null;
    }),
    uniqueEmail,
  );
  if (mail) await deps.mailer.send(mail);
}

export async function getUser(deps: Deps, actor: Actor, id: number): Promise<UserRecord> {
  const user = await findCompanyUserWithFacts(deps.db, companyOf(actor), id);
  if (!user) throw userNotFound();
  return toRecord(user);
}

export async function listUsers(deps: Deps, actor: Actor, q: ListQuery & { filters: { is_archived: boolean } }) {
  const page = await listCompanyUsers(deps.db, companyOf(actor), q);
  return { records: page.records.map(toRecord), totalRecords: page.totalRecords };
}

/**
 * Archive: refused for oneself and for a user named in a mapping; signs the user out everywhere. Archiving an
 * archived user changes nothing.
 */
export async function archiveUser(deps: Deps, actor: Actor, userId: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor, userId);
    if (user.id === actor.userId) throw badRequest('user.self_archive', USER_MESSAGES.selfArchive);
    if (user.is_archived) return;
    const mapping = await mappingNaming(tx, user.id);
    if (mapping) throw conflict('user.mapped', USER_MESSAGES.mappedCannotArchive(mapping.name));
    await tx.update(users).set({ is_archived: true, updated_at: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action: 'user.archived',
      objectType: 'user',
      objectId: user.id,
      before: { is_archived: false },
      after: { is_archived: true },
    });
  });
}

/** Unarchive; unarchiving a user who is not archived changes nothing. */
export async function unarchiveUser(deps: Deps, actor: Actor, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor, userId);
    if (!user.is_archived) return;
    await tx.update(users).set({ is_archived: false, updated_at: deps.now() }).where(eq(users.id, user.id));
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action: 'user.unarchived',
      objectType: 'user',
      objectId: user.id,
      before: { is_archived: true },
      after: { is_archived: false },
    });
  });
}

/** Mails a fresh set-password link to a user who has not set a password; earlier links stop working. */
export async function sendUserCredentials(deps: Deps, actor: Actor, userId: number): Promise<void> {
  const mail: Mail = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor, userId);
    if (user.is_archived) throw archivedUser();
    if (user.is_active) throw conflict('user.already_active', USER_MESSAGES.alreadyActive);
    await audit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action: 'user.credentials_sent',
      objectType: 'user',
      objectId: user.id,
    });
    return issueInvitation(tx, deps, user, actor.companyName ?? '');
  });
  await deps.mailer.send(mail);
}
