DROP INDEX "companies_name_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_registered_name_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_gst_number_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_pan_no_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_log_object_type_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_log_object_id_trgm_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("companies"."name" || chr(31) || "companies"."registered_name" || chr(31) || "companies"."email" || chr(31) || "companies"."gst_number" || chr(31) || "companies"."pan_no")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("audit_log"."action" || chr(31) || "audit_log"."object_type" || chr(31) || "audit_log"."object_id")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_search_trgm_idx" ON "audit_log" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The new columns have no statistics until analysed, and the embedded database has no autovacuum of its own: a table
-- that holds rows is analysed, so a search is planned with the column's figures from its first call. An empty one (a
-- new database) is left unanalysed, as every other new table is: the planner then assumes it may hold some rows.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "companies") THEN ANALYZE "companies"; END IF;
  IF EXISTS (SELECT 1 FROM "audit_log") THEN ANALYZE "audit_log"; END IF;
END $$;
