import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.js';
import { users } from '../users/users.table.js';

/**
 * A company's API keys (issue 25 part 5). The key is `sxk_<id>_<secret>`: only the SHA-256 of the 256-bit secret is
 * kept, so the key cannot be shown again. A revoked key stays listed (revoked_at) and answers 401 at once: a trigger
 * announces the change on `actor_changed` (migration 0027), which empties every process's caller cache.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'read_write'] }).notNull(),
    secret_hash: text('secret_hash').notNull(),
    /** The first characters of the key, so an Admin can tell keys apart (`sxk_12_Ab3d…`). */
    hint: text('hint').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by: integer('revoked_by').references(() => users.id),
  },
  (t) => [index('api_keys_company_idx').on(t.company_id, t.id)],
);

/** Every call made with a key: the method, the answer's status, the caller's address. */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key_id: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    company_id: integer('company_id').notNull(),
    method: text('method').notNull(),
    status_code: integer('status_code').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_key_uses_key_idx').on(t.key_id, sql`${t.id} desc`)],
);
