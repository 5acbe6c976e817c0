-- Each process keeps market figures and list totals for a few seconds (lib/market-cache.ts). A write in another
-- process announces itself on `market_changed`, from the database, so every process forgets them at once rather
-- than at the end of their time to live (issue 24, several processes). Statement-level: one notification per
-- statement, merged per transaction, sent only when it commits.
CREATE OR REPLACE FUNCTION notify_market_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('market_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_market_changed AFTER INSERT OR UPDATE OR DELETE
  ON listings FOR EACH STATEMENT EXECUTE FUNCTION notify_market_changed();--> statement-breakpoint
CREATE TRIGGER bids_market_changed AFTER INSERT OR UPDATE OR DELETE
  ON bids FOR EACH STATEMENT EXECUTE FUNCTION notify_market_changed();--> statement-breakpoint
CREATE TRIGGER companies_market_changed AFTER INSERT OR UPDATE OR DELETE
  ON companies FOR EACH STATEMENT EXECUTE FUNCTION notify_market_changed();--> statement-breakpoint
CREATE TRIGGER audit_log_market_changed AFTER INSERT
  ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION notify_market_changed();
