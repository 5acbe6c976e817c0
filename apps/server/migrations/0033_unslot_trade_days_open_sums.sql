-- The trades by day and the open listings' sums go back to one row per key (migration 0032 gave them slots with
-- the funnel). Only a trade's final approval moves them, and final approvals already queue on the invoice counter,
-- so their slots bought nothing; the trend and the analysis read them, and eight rows a key made the trend's 30 days
-- of trades read 15,000 rows instead of 2,300 on the bench's market. The funnel keeps its slots: every bid placed,
-- countered, accepted or traded moves it. The rows are summed again (without the slots, before the keys return),
-- and the functions that write them are those of migrations 0024 and 0030 again.
ALTER TABLE "trade_days" DROP CONSTRAINT "trade_days_day_product_state_is_confidential_slot_pk";--> statement-breakpoint
ALTER TABLE "open_listing_sums" DROP CONSTRAINT "open_listing_sums_to_period_product_state_side_slot_pk";--> statement-breakpoint
ALTER TABLE "trade_days" DROP COLUMN "slot";--> statement-breakpoint
ALTER TABLE "open_listing_sums" DROP COLUMN "slot";--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE trade_days, bid_funnel_days, company_trade_days, company_trade_months, open_listing_sums;
  INSERT INTO trade_days (day, product, state, is_confidential, trades, volume, value, buyer_commission,
    seller_commission)
  SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, b.product, o.state, b.is_confidential,
    count(*), sum(b.quantity), sum(b.quantity * b.price),
    coalesce(sum(f.buyer + round(f.buyer * b.buyer_state_gst / 100, 2)
      + round(f.buyer * b.buyer_central_gst / 100, 2)), 0),
    coalesce(sum(f.seller + round(f.seller * b.seller_state_gst / 100, 2)
      + round(f.seller * b.seller_central_gst / 100, 2)), 0)
  FROM bids b JOIN listings o ON o.id = b.offer_id
    CROSS JOIN LATERAL (SELECT round(b.quantity * b.buyer_commission_amount, 2) AS buyer,
      round(b.quantity * b.seller_commission_amount, 2) AS seller) f
  WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  INSERT INTO bid_funnel_days (day, status, locked, slot, bids)
  SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, locked, id % 8, count(*) FROM bids
  WHERE NOT is_confidential
  GROUP BY 1, 2, 3, 4;
  INSERT INTO company_trade_days (day, company_id, product, trades, volume, value)
  SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, p.company_id, b.product, count(*), sum(b.quantity),
    sum(b.quantity * b.price)
  FROM bids b CROSS JOIN LATERAL (VALUES (b.seller_company_id), (b.buyer_company_id)) AS p(company_id)
  WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL AND NOT b.is_confidential
  GROUP BY 1, 2, 3;
  INSERT INTO company_trade_months (month, company_id, product, trades, volume, value)
  SELECT date_trunc('month', day)::date, company_id, product, sum(trades), sum(volume), sum(value)
  FROM company_trade_days GROUP BY 1, 2, 3;
  INSERT INTO open_listing_sums (to_period, product, state, side, listings, quantity, value)
  SELECT l.to_period, l.product, l.state, l.side, count(*), sum(l.available_quantity),
    sum(l.available_quantity * l.price)
  FROM listings l
  WHERE l.status = 'Open' AND l.available_quantity > 0
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = l.company_id AND c.status = 'Approved')
  GROUP BY 1, 2, 3, 4;
END
$$;--> statement-breakpoint
SELECT rebuild_summaries();--> statement-breakpoint
ALTER TABLE "trade_days" ADD CONSTRAINT "trade_days_day_product_state_is_confidential_pk" PRIMARY KEY("day","product","state","is_confidential");--> statement-breakpoint
ALTER TABLE "open_listing_sums" ADD CONSTRAINT "open_listing_sums_to_period_product_state_side_pk" PRIMARY KEY("to_period","product","state","side");--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION open_listing_sums_add(added listings[], removed listings[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM companies c
  WHERE c.id IN (SELECT l.company_id FROM unnest(added) l UNION SELECT l.company_id FROM unnest(removed) l)
  ORDER BY c.id FOR SHARE;
  INSERT INTO open_listing_sums AS t (to_period, product, state, side, listings, quantity, value)
  SELECT d.to_period, d.product, d.state, d.side, sum(d.k)::int, sum(d.k * d.available_quantity),
    sum(d.k * d.available_quantity * d.price)
  FROM (SELECT l.to_period, l.product, l.state, l.side, l.available_quantity, l.price, l.status, l.company_id, 1 AS k
      FROM unnest(added) l
    UNION ALL SELECT l.to_period, l.product, l.state, l.side, l.available_quantity, l.price, l.status, l.company_id, -1
      FROM unnest(removed) l) d
  WHERE d.status = 'Open' AND d.available_quantity > 0
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id AND c.status = 'Approved')
  GROUP BY d.to_period, d.product, d.state, d.side
  HAVING sum(d.k) <> 0 OR sum(d.k * d.available_quantity) <> 0 OR sum(d.k * d.available_quantity * d.price) <> 0
  ORDER BY d.to_period, d.product, d.state, d.side
  ON CONFLICT (to_period, product, state, side) DO UPDATE SET listings = t.listings + excluded.listings,
    quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_open_listing_sums() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k integer := CASE WHEN NEW.status = 'Approved' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO open_listing_sums AS t (to_period, product, state, side, listings, quantity, value)
  SELECT l.to_period, l.product, l.state, l.side, k * count(*), k * sum(l.available_quantity),
    k * sum(l.available_quantity * l.price)
  FROM listings l WHERE l.company_id = NEW.id AND l.status = 'Open' AND l.available_quantity > 0
  GROUP BY l.to_period, l.product, l.state, l.side
  ORDER BY l.to_period, l.product, l.state, l.side
  ON CONFLICT (to_period, product, state, side) DO UPDATE SET listings = t.listings + excluded.listings,
    quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
  RETURN NULL;
END
$$;
