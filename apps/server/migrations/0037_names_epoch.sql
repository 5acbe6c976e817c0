-- A number raised with every change of a shown name: a company's name or registered name, a distillery's name.
-- Approved Bids and My Service Fee keep each trade's record as rendered JSON under a key that names everything it
-- shows (lib/record-memo.ts); the names come from the companies and distilleries, so the key names this number
-- instead, and a page reads one row where it read every party's names by key (two probes a row: 60 of Approved
-- Bids' 103 buffers on the bench's market). The triggers raise it in the renaming transaction, so a reader sees the
-- new number exactly when it sees the new names.
CREATE TABLE "names_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "names_epoch_one_row" CHECK ("names_epoch"."id" = 1)
);--> statement-breakpoint
INSERT INTO "names_epoch" ("id", "epoch") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE names_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_names_changed AFTER UPDATE OF name, registered_name ON companies FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.registered_name IS DISTINCT FROM NEW.registered_name)
  EXECUTE FUNCTION names_changed();--> statement-breakpoint
CREATE TRIGGER distilleries_names_changed AFTER UPDATE OF name ON distilleries FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION names_changed();
