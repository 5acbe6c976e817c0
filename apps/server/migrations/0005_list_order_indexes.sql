DROP INDEX "companies_display_name_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "companies_type_display_name_idx" ON "companies" USING btree ("type",lower(coalesce(nullif("name", ''), "registered_name")),"id");--> statement-breakpoint
CREATE INDEX "companies_display_name_idx" ON "companies" USING btree (lower(coalesce(nullif("name", ''), "registered_name")),"id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");