-- A bid carries its listings' distilleries (bids.table.ts): "waiting for me" (the menu's badge, the pending tabs, My
-- Pending Approvals) tests each candidate bid's distillery against the caller's mapped ones, and read it from the
-- listing by key for every bid at some tier's turn (66 probes and 264 of 337 buffers for a seller of the bench's
-- market). Existing bids take their listings' distilleries of now: on a live bid the listing's distillery is fixed,
-- and a closed bid is never waiting for anyone. The backfill changes no column a trigger of bids reads, so the
-- triggers are off for it (the summaries would otherwise compare every bid's old and new row).
ALTER TABLE "bids" ADD COLUMN "seller_distillery_id" integer;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "buyer_distillery_id" integer;--> statement-breakpoint
ALTER TABLE "bids" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "bids" SET "seller_distillery_id" = o."distillery_id", "buyer_distillery_id" = a."distillery_id"
  FROM "listings" o, "listings" a WHERE o."id" = "bids"."offer_id" AND a."id" = "bids"."ask_id";--> statement-breakpoint
ALTER TABLE "bids" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "seller_distillery_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "buyer_distillery_id" SET NOT NULL;--> statement-breakpoint
-- An insert that leaves them out (SQL written by hand: tests, repairs) takes them from the listings, as placing does.
CREATE FUNCTION bids_distilleries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seller_distillery_id IS NULL THEN
    SELECT l.distillery_id INTO NEW.seller_distillery_id FROM listings l WHERE l.id = NEW.offer_id;
  END IF;
  IF NEW.buyer_distillery_id IS NULL THEN
    SELECT l.distillery_id INTO NEW.buyer_distillery_id FROM listings l WHERE l.id = NEW.ask_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER bids_distilleries BEFORE INSERT ON bids FOR EACH ROW
  WHEN (NEW.seller_distillery_id IS NULL OR NEW.buyer_distillery_id IS NULL) EXECUTE FUNCTION bids_distilleries();
