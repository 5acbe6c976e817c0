// Distillery mappings: who negotiates, authorizes and approves for which distilleries (DESIGN.md §4). The roles
// Negotiator, Authorizer and Approver are derived from these rows on every request (users.repository rolesOf).
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import {
  MAPPING_MESSAGES,
  type Mapping,
  type MappingType,
  type mappingFormSchema,
} from '@spirit/domain/mappings/mappings.schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { onUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import {
  companyDistilleries,
  distilleriesNegotiatedBy,
  findMapping,
  groupNameTaken,
  listMappings,
  lockMapping,
  mappableUserIds,
  replaceMappingDistilleries,
  takenDistilleryIds,
  untaggedDistilleries,
  untaggedUsers,
} from './mappings.repository.js';
import { mappings } from './mappings.table.js';

type Form = z.output<typeof mappingFormSchema>;

const mappingNotFound = () => notFound('mapping.not_found', MAPPING_MESSAGES.notFound);
const distilleryTaken = () =>
  conflict('mapping.distillery_taken', MAPPING_MESSAGES.distilleryTaken, {
    distilleries: MAPPING_MESSAGES.distilleryTaken,
  });
const groupNameInUse = () =>
  conflict('mapping.group_name_taken', MAPPING_MESSAGES.groupNameTaken, { name: MAPPING_MESSAGES.groupNameTaken });
/** The database's unique indexes back the checks below against concurrent writers. */
const uniqueIndexes = {
  mapping_distilleries_distillery_idx: distilleryTaken,
  mappings_group_name_idx: groupNameInUse,
};

const TIERS = ['negotiator', 'authorizer', 'approver'] as const;

/** The Admin's company id; the registry admitted only Admins, who always belong to a company. */
const companyOf = (actor: Actor) => actor.companyId!;

/**
 * The rules the schema cannot check: the people are users of the company who are not archived, the distilleries
 * are the company's and in no other mapping, a group name is unused. Returns the mapping's name.
 */
async function checkForm(tx: Tx, companyId: number, form: Form, distilleryIds: number[], exceptId?: number) {
  const fields: Record<string, string> = {};
  const people = await mappableUserIds(
    tx,
    companyId,
    TIERS.map((t) => form[t]),
  );
  for (const tier of TIERS) if (!people.has(form[tier])) fields[tier] = MAPPING_MESSAGES.unknownUser;
  const found = await companyDistilleries(tx, companyId, distilleryIds);
  if (found.length !== distilleryIds.length) fields.distilleries = MAPPING_MESSAGES.unknownDistillery;
  const first = Object.values(fields)[0];
  if (first) throw badRequest('mapping.invalid_reference', first, fields);

  if (form.type === 'Centralized' && (await groupNameTaken(tx, companyId, form.name, exceptId))) {
    throw groupNameInUse();
  }
  if ((await takenDistilleryIds(tx, distilleryIds, exceptId)).length) throw distilleryTaken();
  // A de-centralized mapping is called after its one distillery.
  return form.type === 'Centralized' ? form.name : found[0]!.name;
}

const audited = (m: Mapping) => ({
  type: m.type,
  name: m.name,
  distilleries: m.distilleries.map((d) => d.id),
  negotiator: m.negotiator.id,
  authorizer: m.authorizer.id,
  approver: m.approver.id,
});

export async function list(deps: Deps, actor: Actor, q: ListQuery & { type: MappingType }) {
  return listMappings(deps.db, companyOf(actor), q);
}

export async function get(deps: Deps, actor: Actor, id: number): Promise<Mapping> {
  const found = await findMapping(deps.db, companyOf(actor), id);
  if (!found) throw mappingNotFound();
  return found;
}

export async function create(deps: Deps, actor: Actor, form: Form): Promise<Mapping> {
  const companyId = companyOf(actor);
  const distilleryIds = [...new Set(form.distilleries)];
  const now = deps.now();
  return onUniqueViolation(
    deps.db.transaction(async (tx) => {
      const name = await checkForm(tx, companyId, form, distilleryIds);
      const [row] = await tx
        .insert(mappings)
        .values({
          company_id: companyId,
          type: form.type,
          name,
          negotiator_id: form.negotiator,
          authorizer_id: form.authorizer,
          approver_id: form.approver,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: mappings.id });
      await replaceMappingDistilleries(tx, row!.id, distilleryIds);
      const created = (await findMapping(tx, companyId, row!.id))!;
      await audit(tx, {
        actorUserId: actor.userId,
        companyId,
        action: 'mapping.created',
        objectType: 'mapping',
        objectId: created.id,
        after: audited(created),
      });
      return created;
    }),
    uniqueIndexes,
  );
}

/** Changes every part of a mapping, its type included; the same rules as on creation apply. */
export async function update(deps: Deps, actor: Actor, input: Form & { id: number }): Promise<Mapping> {
  const companyId = companyOf(actor);
  const distilleryIds = [...new Set(input.distilleries)];
  return onUniqueViolation(
    deps.db.transaction(async (tx) => {
      if (!(await lockMapping(tx, companyId, input.id))) throw mappingNotFound();
      const before = (await findMapping(tx, companyId, input.id))!;
      const name = await checkForm(tx, companyId, input, distilleryIds, input.id);
      await tx
        .update(mappings)
        .set({
          type: input.type,
          name,
          negotiator_id: input.negotiator,
          authorizer_id: input.authorizer,
          approver_id: input.approver,
          updated_at: deps.now(),
        })
        .where(eq(mappings.id, input.id));
      await replaceMappingDistilleries(tx, input.id, distilleryIds);
      const after = (await findMapping(tx, companyId, input.id))!;
      await audit(tx, {
        actorUserId: actor.userId,
        companyId,
        action: 'mapping.updated',
        objectType: 'mapping',
        objectId: input.id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    }),
    uniqueIndexes,
  );
}

/** Form options; with `mapping_id` (the mapping being edited) its own users and distilleries are included. */
async function checkOwnMapping(deps: Deps, actor: Actor, mappingId: number | undefined) {
  if (mappingId && !(await findMapping(deps.db, companyOf(actor), mappingId))) throw mappingNotFound();
}

export async function untaggedUserOptions(deps: Deps, actor: Actor, mappingId?: number) {
  await checkOwnMapping(deps, actor, mappingId);
  return untaggedUsers(deps.db, companyOf(actor), mappingId);
}

export async function untaggedDistilleryOptions(deps: Deps, actor: Actor, mappingId?: number) {
  await checkOwnMapping(deps, actor, mappingId);
  return untaggedDistilleries(deps.db, companyOf(actor), mappingId);
}

/**
 * The distilleries the caller negotiates for, keyed by state: `{ "Maharashtra": [{distillery_id, distillery_name}] }`.
 * It feeds the offer and ask forms, where only those distilleries may be chosen (issue 8).
 */
export async function stateWiseForUser(deps: Deps, actor: Actor) {
  const byState: Record<string, { distillery_id: number; distillery_name: string }[]> = {};
  for (const d of await distilleriesNegotiatedBy(deps.db, actor.userId)) {
    (byState[d.state] ??= []).push({ distillery_id: d.id, distillery_name: d.name });
  }
  return byState;
}
