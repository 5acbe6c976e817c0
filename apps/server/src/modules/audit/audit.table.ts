import { getTableColumns } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';
import { searchTextIndex, searchTextOf } from '../../db/trigram.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actor_user_id: integer('actor_user_id'),
    company_id: integer('company_id'),
    action: text('action').notNull(),
    object_type: text('object_type').notNull(),
    object_id: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the log's search matches (db/trigram.ts): never selected for an answer (`entryColumns`). */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(searchTextOf((): PgColumn[] => [auditLog.action, auditLog.object_type, auditLog.object_id])),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_object_idx').on(t.object_type, t.object_id),
    index('audit_log_company_idx').on(t.company_id, t.created_at),
    index('audit_log_actor_idx').on(t.actor_user_id, t.created_at),
    searchTextIndex('audit_log', t.search_text),
  ],
);

/** Every column but `search_text`: what an entry read for an answer holds. */
const { search_text: _searchText, ...entryColumns } = getTableColumns(auditLog);
export { entryColumns };
