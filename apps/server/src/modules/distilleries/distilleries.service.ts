import { DISTILLERY_MESSAGES, type Distillery } from '@spirit/domain/distilleries/distilleries.schemas';
import { RATING_MESSAGES } from '@spirit/domain/ratings/ratings.constants';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import type { z } from 'zod';
import type { distilleryFormSchema } from '@spirit/domain/distilleries/distilleries.schemas';
import { eq } from 'drizzle-orm';
import { mayListForRating } from '@spirit/domain/ratings/ratings.rules';
import { isSuperAdmin, type Actor } from '../../lib/actor.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { isKnownState } from '../geo/geo.service.js';
import {
  companyWithDistilleryNames,
  findDistillery,
  listDistilleries,
  nameTaken,
  type DistilleryRow,
} from './distilleries.repository.js';
import { distilleries } from './distilleries.table.js';

type Form = z.output<typeof distilleryFormSchema>;

export const distilleryNotFound = () => notFound('distillery.not_found', DISTILLERY_MESSAGES.notFound);

export function toDistillery(row: DistilleryRow): Distillery {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    state: row.state,
    license_number: row.license_number,
    gst_number: row.gst_number,
    company: row.company_id,
  };
}

async function checkForm(deps: Deps, companyId: number, form: Form, exceptId?: number) {
  if (!(await isKnownState(form.state))) throw invalidField('state', DISTILLERY_MESSAGES.unknownState);
  if (await nameTaken(deps.db, companyId, form.name, exceptId)) {
    throw conflict('distillery.duplicate_name', DISTILLERY_MESSAGES.duplicateName, {
      name: DISTILLERY_MESSAGES.duplicateName,
    });
  }
}

export async function list(deps: Deps, actor: Actor, q: ListQuery) {
  const page = await listDistilleries(deps.db, actor.companyId!, q);
  return { records: page.records.map(toDistillery), totalRecords: page.totalRecords };
}

/**
 * getDistillNameByCompanyId: a company's distilleries for the ratings form. The SuperAdmin may ask for any company's;
 * a company Admin for its own and an Approved company's of the opposite type (the ones it may rate). Any other
 * company does not exist for the caller.
 */
export async function namesOf(deps: Deps, actor: Actor, companyId: number) {
  const found = await companyWithDistilleryNames(deps.db, companyId);
  const viewer = { superAdmin: isSuperAdmin(actor), companyId: actor.companyId, type: actor.companyType };
  if (!found || !mayListForRating(viewer, found.company))
    throw notFound('company.not_found', RATING_MESSAGES.companyNotFound);
  return found.names;
}

export async function get(deps: Deps, actor: Actor, id: number) {
  const row = await findDistillery(deps.db, actor.companyId!, id);
  if (!row) throw distilleryNotFound();
  return { distillery: toDistillery(row) };
}

export async function create(deps: Deps, actor: Actor, form: Form) {
  const companyId = actor.companyId!;
  await checkForm(deps, companyId, form);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(distilleries)
      .values({ ...form, company_id: companyId, created_at: now, updated_at: now })
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'distillery.created',
      objectType: 'distillery',
      objectId: row!.id,
      after: row,
    });
    return toDistillery(row!);
  });
}

export async function update(deps: Deps, actor: Actor, input: Form & { id: number }) {
  const companyId = actor.companyId!;
  const { id, ...form } = input;
  await checkForm(deps, companyId, form, id);
  return deps.db.transaction(async (tx) => {
    const before = await findDistillery(tx, companyId, id);
    if (!before) throw distilleryNotFound();
    const [row] = await tx
      .update(distilleries)
      .set({ ...form, updated_at: deps.now() })
      .where(eq(distilleries.id, id))
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'distillery.updated',
      objectType: 'distillery',
      objectId: id,
      before,
      after: row,
    });
    return toDistillery(row!);
  });
}
