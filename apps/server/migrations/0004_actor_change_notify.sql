-- Signed-in requests may serve their caller from a per-process cache (modules/auth/actor-cache.ts). Every change
-- that can alter who a session's caller is (a revoked or expired session, an edited or archived user, a company's
-- status or name, a mapping that moves roles) announces itself on the channel `actor_changed`, from the database
-- itself, so no write path can forget to. Statement-level: one notification per statement, merged per transaction.
CREATE OR REPLACE FUNCTION notify_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('actor_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The idle clock (last_seen_at) moves once a minute per session and changes no caller: it is left out.
CREATE TRIGGER sessions_actor_changed AFTER UPDATE OF revoked_at, expires_at, approval_until, user_id OR DELETE
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_changed();--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER UPDATE OR DELETE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_changed();--> statement-breakpoint
CREATE TRIGGER companies_actor_changed AFTER UPDATE OR DELETE
  ON companies FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_changed();--> statement-breakpoint
CREATE TRIGGER mappings_actor_changed AFTER INSERT OR UPDATE OR DELETE
  ON mappings FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_changed();
