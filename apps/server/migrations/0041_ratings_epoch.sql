-- A number raised with every change of the ratings (and so of `distillery_ratings`, which the ratings' trigger of
-- migration 0031 keeps in the same statement). The lists that show Your Rating, Source and Industry Rating probed
-- both rating indexes for every row (60 of a listing's bids page's 151 buffers on the bench's market); they now read
-- this number with their page and take each row's ratings from the process's memo under it
-- (ratings/rating-memo.ts). The trigger raises it in the rating's own statement, so a reader sees the new number
-- exactly when it sees the new rows.
CREATE TABLE "ratings_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "ratings_epoch_one_row" CHECK ("ratings_epoch"."id" = 1)
);--> statement-breakpoint
INSERT INTO "ratings_epoch" ("id", "epoch") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION ratings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ratings_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ratings_epoch_raised AFTER INSERT OR UPDATE OR DELETE ON ratings FOR EACH STATEMENT
  EXECUTE FUNCTION ratings_changed();--> statement-breakpoint
CREATE TRIGGER ratings_epoch_raised_truncate AFTER TRUNCATE ON ratings FOR EACH STATEMENT
  EXECUTE FUNCTION ratings_changed();
