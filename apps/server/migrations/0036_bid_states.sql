-- A bid carries its listings' states, as it carries their distilleries (0035): every bid list and dashboard shows
-- the parties' states, and read each from its listing by key (two probes a row, 80 of a dashboard page's 187
-- buffers on the bench's market); the lists' state filter and search joined both listings to every candidate bid.
-- Existing bids take their listings' states of now: on a live bid the listing's state is fixed (one of its terms),
-- and a closed bid keeps what its listing says today. The backfill changes no column a trigger of bids reads, so the
-- triggers are off for it.
ALTER TABLE "bids" ADD COLUMN "seller_state" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "buyer_state" text;--> statement-breakpoint
ALTER TABLE "bids" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "bids" SET "seller_state" = o."state", "buyer_state" = a."state"
  FROM "listings" o, "listings" a WHERE o."id" = "bids"."offer_id" AND a."id" = "bids"."ask_id";--> statement-breakpoint
ALTER TABLE "bids" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "seller_state" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "buyer_state" SET NOT NULL;--> statement-breakpoint
-- An insert that leaves a copy out (SQL written by hand: tests, repairs) takes it from the listing, as placing does:
-- the distilleries' trigger of 0035, renamed for what it now fills.
DROP TRIGGER bids_distilleries ON bids;--> statement-breakpoint
DROP FUNCTION bids_distilleries();--> statement-breakpoint
CREATE FUNCTION bids_listing_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seller_distillery_id IS NULL OR NEW.seller_state IS NULL THEN
    SELECT coalesce(NEW.seller_distillery_id, l.distillery_id), coalesce(NEW.seller_state, l.state)
      INTO NEW.seller_distillery_id, NEW.seller_state FROM listings l WHERE l.id = NEW.offer_id;
  END IF;
  IF NEW.buyer_distillery_id IS NULL OR NEW.buyer_state IS NULL THEN
    SELECT coalesce(NEW.buyer_distillery_id, l.distillery_id), coalesce(NEW.buyer_state, l.state)
      INTO NEW.buyer_distillery_id, NEW.buyer_state FROM listings l WHERE l.id = NEW.ask_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER bids_listing_terms BEFORE INSERT ON bids FOR EACH ROW
  WHEN (NEW.seller_distillery_id IS NULL OR NEW.buyer_distillery_id IS NULL
    OR NEW.seller_state IS NULL OR NEW.buyer_state IS NULL) EXECUTE FUNCTION bids_listing_terms();
