CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "companies_name_idx";--> statement-breakpoint
CREATE INDEX "companies_display_name_idx" ON "companies" USING btree ("type",lower(coalesce(nullif("name", ''), "registered_name")),"id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_registered_name_trgm_idx" ON "companies" USING gin (lower("registered_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_email_trgm_idx" ON "companies" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_gst_number_trgm_idx" ON "companies" USING gin (lower("gst_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_pan_no_trgm_idx" ON "companies" USING gin (lower("pan_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_trgm_idx" ON "audit_log" USING gin (lower("action") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_object_id_trgm_idx" ON "audit_log" USING gin (lower("object_id") gin_trgm_ops);