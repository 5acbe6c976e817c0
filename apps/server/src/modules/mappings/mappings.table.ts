import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { users } from '../users/users.table.js';

/** A mapping names the negotiator, authorizer and approver for one distillery or a named group of them. */
export const mappings = pgTable(
  'mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type', { enum: ['Centralized', 'Decentralized'] }).notNull(),
    name: text('name').notNull(),
    negotiator_id: integer('negotiator_id')
      .notNull()
      .references(() => users.id),
    authorizer_id: integer('authorizer_id')
      .notNull()
      .references(() => users.id),
    approver_id: integer('approver_id')
      .notNull()
      .references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mappings_company_type_idx').on(t.company_id, t.type, sql`lower(${t.name})`),
    // A centralized group's name is unique within its company (a de-centralized mapping is named after its
    // distillery, whose name is unique already).
    uniqueIndex('mappings_group_name_idx')
      .on(t.company_id, sql`lower(${t.name})`)
      .where(sql`${t.type} = 'Centralized'`),
    index('mappings_negotiator_idx').on(t.negotiator_id),
    index('mappings_authorizer_idx').on(t.authorizer_id),
    index('mappings_approver_idx').on(t.approver_id),
  ],
);

/** A distillery belongs to at most one mapping: the unique key on distillery_id enforces it. */
export const mappingDistilleries = pgTable(
  'mapping_distilleries',
  {
    mapping_id: integer('mapping_id')
      .notNull()
      .references(() => mappings.id, { onDelete: 'cascade' }),
    distillery_id: integer('distillery_id')
      .notNull()
      .references(() => distilleries.id),
  },
  (t) => [
    uniqueIndex('mapping_distilleries_distillery_idx').on(t.distillery_id),
    index('mapping_distilleries_mapping_idx').on(t.mapping_id),
  ],
);
