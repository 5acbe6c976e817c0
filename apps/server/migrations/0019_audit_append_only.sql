-- The audit log is append-only (issue 20, "Audit coverage"): the database itself refuses to change or remove an
-- entry, whoever asks, so no write path, script or console session can rewrite history. Entries are added by
-- INSERT only (modules/audit/audit.service.ts). TRUNCATE, which skips row triggers, is refused too.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE
  ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE
  ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
