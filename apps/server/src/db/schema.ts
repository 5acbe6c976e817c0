// Every table, for Drizzle's typed queries and for drizzle-kit's migration generator.
export * from '../modules/companies/companies.table.js';
export * from '../modules/users/users.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/captcha/captcha.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/mail/mail.table.js';
export * from '../modules/audit/audit.table.js';
export * from '../modules/distilleries/distilleries.table.js';
export * from '../modules/mappings/mappings.table.js';
export * from '../modules/fees/fees.table.js';
export * from '../modules/listings/listings.table.js';
export * from '../modules/ratings/ratings.table.js';
export * from '../modules/bids/bids.table.js';
export * from '../http/idempotency.table.js';
export * from '../modules/invoices/invoices.table.js';
export * from '../modules/bids/trade-days.table.js';
export * from '../modules/events/events.table.js';
