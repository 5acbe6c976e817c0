import type { ListQuery } from '@spirit/domain/common/list.schemas';
import type { Mapping, MappingType } from '@spirit/domain/mappings/mappings.schemas';
import { and, asc, count, eq, exists, inArray, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement, searchAnyPlaceholder, searchPattern, statement } from '../../db/statements.js';
import { byName, pageOf, pageWithTotal, totalOver } from '../../lib/list.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { users } from '../users/users.table.js';
import { mappingDistilleries, mappings } from './mappings.table.js';

const negotiator = alias(users, 'negotiator');
const authorizer = alias(users, 'authorizer');
const approver = alias(users, 'approver');

/**
 * A mapping's name as shown: a de-centralized mapping is called after its distillery, so it follows a rename of
 * the distillery; a centralized one has its group name. Written with qualified names: Drizzle leaves columns
 * unqualified in single-table selects, where `id` inside the subquery would resolve to the distillery's.
 */
export const mappingName = sql<string>`(case when "mappings"."type" = 'Decentralized' then coalesce((
  select md_d.name from mapping_distilleries md join distilleries md_d on md_d.id = md.distillery_id
  where md.mapping_id = "mappings"."id" limit 1), "mappings"."name") else "mappings"."name" end)`;

/** The mapped distilleries, ordered by name, as a JSON array: a mapping's record comes whole from one query. */
const mappedDistilleries = sql<Mapping['distilleries']>`(select coalesce(json_agg(json_build_object(
    'id', md_d.id, 'name', md_d.name, 'state', md_d.state) order by lower(md_d.name), md_d.id), '[]'::json)
  from mapping_distilleries md join distilleries md_d on md_d.id = md.distillery_id
  where md.mapping_id = "mappings"."id")`;

const mappingColumns = {
  id: mappings.id,
  name: mappingName,
  type: mappings.type,
  negotiator_id: mappings.negotiator_id,
  negotiator_name: negotiator.name,
  authorizer_id: mappings.authorizer_id,
  authorizer_name: authorizer.name,
  approver_id: mappings.approver_id,
  approver_name: approver.name,
  distilleries: mappedDistilleries,
};

/** Joins a mappings query to the three people each mapping names. */
function joinPeople<Q extends PgSelect>(q: Q) {
  return q
    .innerJoin(negotiator, eq(negotiator.id, mappings.negotiator_id))
    .innerJoin(authorizer, eq(authorizer.id, mappings.authorizer_id))
    .innerJoin(approver, eq(approver.id, mappings.approver_id));
}

type Row = {
  id: number;
  name: string;
  type: MappingType;
  negotiator_id: number;
  negotiator_name: string;
  authorizer_id: number;
  authorizer_name: string;
  approver_id: number;
  approver_name: string;
  distilleries: Mapping['distilleries'];
};

function toMapping(r: Row): Mapping {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    distilleries: r.distilleries,
    negotiator: { id: r.negotiator_id, name: r.negotiator_name },
    authorizer: { id: r.authorizer_id, name: r.authorizer_name },
    approver: { id: r.approver_id, name: r.approver_name },
    Negotiator: r.negotiator_name,
    Authorizer: r.authorizer_name,
    Approver: r.approver_name,
  };
}

/**
 * A mapping's group name, a person it names or one of its distilleries contains the term (placeholder `pattern`).
 * Built inside a statement, so the subquery is assembled once per shape.
 */
const searchWhere = (tx: Tx) =>
  or(
    searchAnyPlaceholder([mappings.name, negotiator.name, authorizer.name, approver.name]),
    exists(
      tx
        .select({ one: sql`1` })
        .from(mappingDistilleries)
        .innerJoin(distilleries, eq(distilleries.id, mappingDistilleries.distillery_id))
        .where(and(eq(mappingDistilleries.mapping_id, mappings.id), searchAnyPlaceholder([distilleries.name]))),
    ),
  );

const listWhere = (tx: Tx, search: boolean) =>
  and(
    eq(mappings.company_id, sql.placeholder('company')),
    eq(mappings.type, sql.placeholder('type')),
    search ? searchWhere(tx) : undefined,
  );

const listShape = statement(
  (tx, shape: { search: boolean; order: 'asc' | 'desc' }) =>
    joinPeople(
      tx
        .select({ ...mappingColumns, total_records: totalOver })
        .from(mappings)
        .$dynamic(),
    )
      .where(listWhere(tx, shape.search))
      .orderBy(...byName(mappingName, mappings.id, shape.order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  alwaysGeneric,
);

/** The count for a page past the end, which has no row to carry the total. */
const countShape = statement((tx, shape: { search: boolean }) =>
  joinPeople(tx.select({ n: count() }).from(mappings).$dynamic()).where(listWhere(tx, shape.search)),
);

export async function listMappings(tx: Tx, companyId: number, q: ListQuery & { type: MappingType }) {
  const pattern = searchPattern(q.item_search);
  const values = { company: companyId, type: q.type, pattern };
  const rows = await listShape(tx, { search: !!pattern, order: q.sort_order }).execute({ ...values, ...pageOf(q) });
  const page = await pageWithTotal(
    q,
    rows,
    async () => (await countShape(tx, { search: !!pattern }).execute(values))[0]!.n,
  );
  return { records: page.records.map(toMapping), totalRecords: page.totalRecords };
}

/** One mapping with its people and distilleries: one statement (the distilleries come as a JSON array). */
const findShape = fixedStatement((tx) =>
  joinPeople(tx.select(mappingColumns).from(mappings).$dynamic())
    .where(and(eq(mappings.id, sql.placeholder('id')), eq(mappings.company_id, sql.placeholder('company'))))
    .limit(1),
);

export async function findMapping(tx: Tx, companyId: number, id: number): Promise<Mapping | null> {
  const rows = await findShape(tx).execute({ id, company: companyId });
  return rows[0] ? toMapping(rows[0]) : null;
}

/** Locks a company's mapping row for an update; null when there is none (or it is another company's). */
export async function lockMapping(tx: Tx, companyId: number, id: number) {
  const rows = await tx
    .select({ id: mappings.id })
    .from(mappings)
    .where(and(eq(mappings.id, id), eq(mappings.company_id, companyId)))
    .for('update');
  return rows[0] ?? null;
}

const naming = (userId: number | SQLWrapper) =>
  or(eq(mappings.negotiator_id, userId), eq(mappings.authorizer_id, userId), eq(mappings.approver_id, userId));

/** The first mapping that names the user in any role, or null. */
export async function mappingNaming(tx: Tx, userId: number): Promise<{ id: number; name: string } | null> {
  const rows = await tx
    .select({ id: mappings.id, name: mappingName })
    .from(mappings)
    .where(naming(userId))
    .orderBy(asc(mappings.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Which of `ids` are users of the company who are not archived. Rows are share-locked, so a concurrent archive
 * (which locks the user for update and then looks for mappings) waits for this transaction and then sees its mapping.
 */
export async function mappableUserIds(tx: Tx, companyId: number, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.company_id, companyId), eq(users.is_archived, false)))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

export async function companyDistilleries(tx: Tx, companyId: number, ids: number[]) {
  return tx
    .select({ id: distilleries.id, name: distilleries.name })
    .from(distilleries)
    .where(and(inArray(distilleries.id, ids), eq(distilleries.company_id, companyId)));
}

/** Distilleries among `ids` already in a mapping other than `exceptMappingId`. */
export async function takenDistilleryIds(tx: Tx, ids: number[], exceptMappingId?: number): Promise<number[]> {
  const rows = await tx
    .select({ id: mappingDistilleries.distillery_id })
    .from(mappingDistilleries)
    .where(
      and(
        inArray(mappingDistilleries.distillery_id, ids),
        exceptMappingId ? ne(mappingDistilleries.mapping_id, exceptMappingId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export async function groupNameTaken(tx: Tx, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: mappings.id })
    .from(mappings)
    .where(
      and(
        eq(mappings.company_id, companyId),
        eq(mappings.type, 'Centralized'),
        sql`lower(${mappings.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(mappings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function replaceMappingDistilleries(tx: Tx, mappingId: number, distilleryIds: number[]) {
  await tx.delete(mappingDistilleries).where(eq(mappingDistilleries.mapping_id, mappingId));
  await tx
    .insert(mappingDistilleries)
    .values(distilleryIds.map((distillery_id) => ({ mapping_id: mappingId, distillery_id })));
}

/**
 * Options for a mapping form: every user of the company who is not archived, with whether another mapping (than
 * `mappingId`) already names them; those in no mapping first, then by name. One query: the flag probes the
 * mappings' three people indexes.
 */
export async function untaggedUsers(tx: Tx, companyId: number, mappingId?: number) {
  const inOther = exists(
    tx
      .select({ one: sql`1` })
      .from(mappings)
      .where(mappingId ? and(naming(users.id), ne(mappings.id, mappingId)) : naming(users.id)),
  );
  return tx
    .select({ id: users.id, name: users.name, in_mapping: sql<boolean>`${inOther}` })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.is_archived, false)))
    .orderBy(sql`${inOther}`, ...byName(users.name, users.id));
}

/** Options for a mapping form: distilleries of the company in no mapping, plus `mappingId`'s. */
export async function untaggedDistilleries(tx: Tx, companyId: number, mappingId?: number) {
  return tx
    .select({ id: distilleries.id, name: distilleries.name })
    .from(distilleries)
    .leftJoin(mappingDistilleries, eq(mappingDistilleries.distillery_id, distilleries.id))
    .where(
      and(
        eq(distilleries.company_id, companyId),
        mappingId
          ? or(sql`${mappingDistilleries.mapping_id} is null`, eq(mappingDistilleries.mapping_id, mappingId))
          : sql`${mappingDistilleries.mapping_id} is null`,
      ),
    )
    .orderBy(...byName(distilleries.name, distilleries.id));
}

/** The distilleries the user negotiates for (trading forms and listing rights), by state and name. */
const negotiatesShape = fixedStatement(
  (tx) =>
    tx
      .select({ yes: sql<number>`1` })
      .from(mappingDistilleries)
      .innerJoin(mappings, eq(mappings.id, mappingDistilleries.mapping_id))
      .where(
        and(
          eq(mappingDistilleries.distillery_id, sql.placeholder('distillery')),
          eq(mappings.negotiator_id, sql.placeholder('user')),
        ),
      )
      .limit(1),
  alwaysGeneric,
);

/** Whether the user is the Negotiator of the distillery's mapping: one probe of its unique key, not the list below. */
export async function negotiatesFor(tx: Tx, userId: number, distilleryId: number): Promise<boolean> {
  return (await negotiatesShape(tx).execute({ user: userId, distillery: distilleryId })).length > 0;
}

/** A company's distilleries that a mapping covers (what its read-write API key may post for). */
export async function mappedDistilleriesOf(tx: Tx, companyId: number) {
  return tx
    .selectDistinct({ id: distilleries.id, name: distilleries.name, state: distilleries.state })
    .from(mappingDistilleries)
    .innerJoin(distilleries, eq(distilleries.id, mappingDistilleries.distillery_id))
    .where(eq(distilleries.company_id, companyId));
}

export async function distilleriesNegotiatedBy(tx: Tx, userId: number) {
  return tx
    .select({ id: distilleries.id, name: distilleries.name, state: distilleries.state })
    .from(mappings)
    .innerJoin(mappingDistilleries, eq(mappingDistilleries.mapping_id, mappings.id))
    .innerJoin(distilleries, eq(distilleries.id, mappingDistilleries.distillery_id))
    .where(eq(mappings.negotiator_id, userId))
    .orderBy(asc(distilleries.state), sql`lower(${distilleries.name})`, asc(distilleries.id));
}
