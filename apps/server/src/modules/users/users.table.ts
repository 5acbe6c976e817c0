import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for platform users (SuperAdmin). */
    company_id: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile_number: text('mobile_number').notNull().default(''),
    password_hash: text('password_hash'),
    is_active: boolean('is_active').notNull().default(false),
    is_archived: boolean('is_archived').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    is_super_admin: boolean('is_super_admin').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`), index('users_company_idx').on(t.company_id)],
);
