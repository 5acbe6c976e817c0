import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Solved challenges already accepted once: a payload is accepted only once. */
export const usedCaptchas = pgTable('used_captchas', {
  signature: text('signature').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
