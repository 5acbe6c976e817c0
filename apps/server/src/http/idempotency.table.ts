import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.table.js';

/** A signed-in caller's `Idempotency-Key`: the call it came with and, once answered, the answer (http/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    /** SHA-256 of the validated body. */
    body_hash: text('body_hash').notNull(),
    /** Null while the first call is still being answered. */
    status_code: smallint('status_code'),
    response: text('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);
