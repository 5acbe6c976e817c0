CREATE TABLE "trade_days" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"state" text NOT NULL,
	"is_confidential" boolean NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume" numeric(18, 1) DEFAULT '0' NOT NULL,
	"value" numeric(24, 3) DEFAULT '0' NOT NULL,
	"buyer_commission" numeric(18, 2) DEFAULT '0' NOT NULL,
	"seller_commission" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "trade_days_day_product_state_is_confidential_pk" PRIMARY KEY("day","product","state","is_confidential")
);
--> statement-breakpoint
DROP INDEX "bids_status_idx";--> statement-breakpoint
CREATE INDEX "bids_open_changed_idx" ON "bids" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"valid_until","approved_at") WHERE "bids"."status" in ('New', 'OnGoing');--> statement-breakpoint
CREATE INDEX "bids_status_idx" ON "bids" USING btree ("status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"approved_at");--> statement-breakpoint
-- The trades summed per IST day of approval, product, offer state and confidentiality (trade-days.table.ts), kept by
-- the triggers below in the transaction that changes a trade. A side's fee is the dashboard's (feeTotal of
-- packages/domain fees.rules.ts): the base quantity × rate rounded to paise, each GST a percentage of it rounded to
-- paise, summed; NA (null) when a part is missing, which then adds nothing.
CREATE OR REPLACE FUNCTION trade_days_add(b bids, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  buyer_base numeric := round(b.quantity * b.buyer_commission_amount, 2);
  seller_base numeric := round(b.quantity * b.seller_commission_amount, 2);
BEGIN
  INSERT INTO trade_days AS t (day, product, state, is_confidential, trades, volume, value, buyer_commission,
    seller_commission)
  VALUES ((b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, b.product,
    (SELECT o.state FROM listings o WHERE o.id = b.offer_id), b.is_confidential, sign, sign * b.quantity,
    sign * b.quantity * b.price,
    sign * coalesce(buyer_base + round(buyer_base * b.buyer_state_gst / 100, 2)
      + round(buyer_base * b.buyer_central_gst / 100, 2), 0),
    sign * coalesce(seller_base + round(seller_base * b.seller_state_gst / 100, 2)
      + round(seller_base * b.seller_central_gst / 100, 2), 0))
  ON CONFLICT (day, product, state, is_confidential) DO UPDATE SET
    trades = t.trades + excluded.trades,
    volume = t.volume + excluded.volume,
    value = t.value + excluded.value,
    buyer_commission = t.buyer_commission + excluded.buyer_commission,
    seller_commission = t.seller_commission + excluded.seller_commission;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION trade_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'Approved' AND OLD.approved_at IS NOT NULL THEN
    PERFORM trade_days_add(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'Approved' AND NEW.approved_at IS NOT NULL THEN
    PERFORM trade_days_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bids_trade_days_insert AFTER INSERT ON bids FOR EACH ROW
  WHEN (NEW.status = 'Approved') EXECUTE FUNCTION trade_days_changed();--> statement-breakpoint
-- Only a change of what the summary counts: a sale order attached to a trade or a comment does not fire it.
CREATE TRIGGER bids_trade_days_update AFTER UPDATE ON bids FOR EACH ROW
  WHEN ((OLD.status = 'Approved' OR NEW.status = 'Approved') AND (OLD.status, OLD.approved_at, OLD.product,
    OLD.offer_id, OLD.is_confidential, OLD.quantity, OLD.price, OLD.buyer_commission_amount, OLD.buyer_state_gst,
    OLD.buyer_central_gst, OLD.seller_commission_amount, OLD.seller_state_gst, OLD.seller_central_gst)
    IS DISTINCT FROM (NEW.status, NEW.approved_at, NEW.product, NEW.offer_id, NEW.is_confidential, NEW.quantity,
    NEW.price, NEW.buyer_commission_amount, NEW.buyer_state_gst, NEW.buyer_central_gst, NEW.seller_commission_amount,
    NEW.seller_state_gst, NEW.seller_central_gst))
  EXECUTE FUNCTION trade_days_changed();--> statement-breakpoint
CREATE TRIGGER bids_trade_days_delete AFTER DELETE ON bids FOR EACH ROW
  WHEN (OLD.status = 'Approved') EXECUTE FUNCTION trade_days_changed();--> statement-breakpoint
-- The trades approved so far (bench/generate.mjs runs the same after its bulk insert, which fires no trigger).
INSERT INTO trade_days (day, product, state, is_confidential, trades, volume, value, buyer_commission,
  seller_commission)
SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, b.product, o.state, b.is_confidential, count(*),
  sum(b.quantity), sum(b.quantity * b.price),
  coalesce(sum(round(b.quantity * b.buyer_commission_amount, 2)
    + round(round(b.quantity * b.buyer_commission_amount, 2) * b.buyer_state_gst / 100, 2)
    + round(round(b.quantity * b.buyer_commission_amount, 2) * b.buyer_central_gst / 100, 2)), 0),
  coalesce(sum(round(b.quantity * b.seller_commission_amount, 2)
    + round(round(b.quantity * b.seller_commission_amount, 2) * b.seller_state_gst / 100, 2)
    + round(round(b.quantity * b.seller_commission_amount, 2) * b.seller_central_gst / 100, 2)), 0)
FROM bids b JOIN listings o ON o.id = b.offer_id
WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL
GROUP BY 1, 2, 3, 4;
