-- The summaries every trade moves are split into eight slots, the counted bid's or listing's id modulo 8
-- (analysis.table.ts `summarySlot`). An upsert keeps its summary row locked until the transaction commits, so with
-- one row per key (today's funnel row of New bids, today's trades of a product and state, a period's open offers of
-- a product and state) every bid placed, accepted or approved on the platform at once waited for the one before
-- it: 20 pairs trading side by side spent most of their time in those waits (issue 24). A slot row is the sum of
-- its own bids or listings, so each stays a true partial sum and readers sum the slots.
ALTER TABLE "trade_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bid_funnel_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "open_listing_sums" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_days" DROP CONSTRAINT "trade_days_day_product_state_is_confidential_pk";--> statement-breakpoint
ALTER TABLE "bid_funnel_days" DROP CONSTRAINT "bid_funnel_days_day_status_locked_pk";--> statement-breakpoint
ALTER TABLE "open_listing_sums" DROP CONSTRAINT "open_listing_sums_to_period_product_state_side_pk";--> statement-breakpoint
ALTER TABLE "trade_days" ADD CONSTRAINT "trade_days_day_product_state_is_confidential_slot_pk" PRIMARY KEY("day","product","state","is_confidential","slot");--> statement-breakpoint
ALTER TABLE "bid_funnel_days" ADD CONSTRAINT "bid_funnel_days_day_status_locked_slot_pk" PRIMARY KEY("day","status","locked","slot");--> statement-breakpoint
ALTER TABLE "open_listing_sums" ADD CONSTRAINT "open_listing_sums_to_period_product_state_side_slot_pk" PRIMARY KEY("to_period","product","state","side","slot");--> statement-breakpoint
-- Every summary summed again from the bids and listings, each row in its slot: here for what exists, and by
-- bench/generate.mjs after its bulk insert (which fires no trigger).
CREATE OR REPLACE FUNCTION rebuild_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE trade_days, bid_funnel_days, company_trade_days, company_trade_months, open_listing_sums;
  INSERT INTO trade_days (day, product, state, is_confidential, slot, trades, volume, value, buyer_commission,
    seller_commission)
  SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, b.product, o.state, b.is_confidential, b.id % 8,
    count(*), sum(b.quantity), sum(b.quantity * b.price),
    coalesce(sum(f.buyer + round(f.buyer * b.buyer_state_gst / 100, 2)
      + round(f.buyer * b.buyer_central_gst / 100, 2)), 0),
    coalesce(sum(f.seller + round(f.seller * b.seller_state_gst / 100, 2)
      + round(f.seller * b.seller_central_gst / 100, 2)), 0)
  FROM bids b JOIN listings o ON o.id = b.offer_id
    CROSS JOIN LATERAL (SELECT round(b.quantity * b.buyer_commission_amount, 2) AS buyer,
      round(b.quantity * b.seller_commission_amount, 2) AS seller) f
  WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
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
  INSERT INTO open_listing_sums (to_period, product, state, side, slot, listings, quantity, value)
  SELECT l.to_period, l.product, l.state, l.side, l.id % 8, count(*), sum(l.available_quantity),
    sum(l.available_quantity * l.price)
  FROM listings l
  WHERE l.status = 'Open' AND l.available_quantity > 0
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = l.company_id AND c.status = 'Approved')
  GROUP BY 1, 2, 3, 4, 5;
END
$$;--> statement-breakpoint
SELECT rebuild_summaries();--> statement-breakpoint
CREATE OR REPLACE FUNCTION trade_days_add(b bids, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  buyer_base numeric := round(b.quantity * b.buyer_commission_amount, 2);
  seller_base numeric := round(b.quantity * b.seller_commission_amount, 2);
BEGIN
  INSERT INTO trade_days AS t (day, product, state, is_confidential, slot, trades, volume, value, buyer_commission,
    seller_commission)
  VALUES ((b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, b.product,
    (SELECT o.state FROM listings o WHERE o.id = b.offer_id), b.is_confidential, b.id % 8, sign, sign * b.quantity,
    sign * b.quantity * b.price,
    sign * coalesce(buyer_base + round(buyer_base * b.buyer_state_gst / 100, 2)
      + round(buyer_base * b.buyer_central_gst / 100, 2), 0),
    sign * coalesce(seller_base + round(seller_base * b.seller_state_gst / 100, 2)
      + round(seller_base * b.seller_central_gst / 100, 2), 0))
  ON CONFLICT (day, product, state, is_confidential, slot) DO UPDATE SET
    trades = t.trades + excluded.trades,
    volume = t.volume + excluded.volume,
    value = t.value + excluded.value,
    buyer_commission = t.buyer_commission + excluded.buyer_commission,
    seller_commission = t.seller_commission + excluded.seller_commission;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bid_summaries_add(added bids[], removed bids[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bid_funnel_days AS t (day, status, locked, slot, bids)
  SELECT d.day, d.status, d.locked, d.slot, sum(d.k)::int
  FROM (SELECT (b.created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, b.status, b.locked, b.is_confidential,
        b.id % 8 AS slot, 1 AS k
      FROM unnest(added) b
    UNION ALL SELECT (b.created_at AT TIME ZONE 'Asia/Kolkata')::date, b.status, b.locked, b.is_confidential,
        b.id % 8, -1
      FROM unnest(removed) b) d
  WHERE NOT d.is_confidential
  GROUP BY d.day, d.status, d.locked, d.slot
  HAVING sum(d.k) <> 0
  ORDER BY d.day, d.status, d.locked, d.slot
  ON CONFLICT (day, status, locked, slot) DO UPDATE SET bids = t.bids + excluded.bids;

  WITH d AS (
    SELECT d.day, p.company_id, d.product, sum(d.k)::int AS trades, sum(d.k * d.quantity) AS volume,
      sum(d.k * d.quantity * d.price) AS value
    FROM (SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date AS day, b.product, b.quantity, b.price,
          b.seller_company_id, b.buyer_company_id, 1 AS k
        FROM unnest(added) b WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL AND NOT b.is_confidential
      UNION ALL SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, b.product, b.quantity, b.price,
          b.seller_company_id, b.buyer_company_id, -1
        FROM unnest(removed) b WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL AND NOT b.is_confidential) d
      CROSS JOIN LATERAL (VALUES (d.seller_company_id), (d.buyer_company_id)) AS p(company_id)
    GROUP BY d.day, p.company_id, d.product
    HAVING sum(d.k) <> 0 OR sum(d.k * d.quantity) <> 0 OR sum(d.k * d.quantity * d.price) <> 0
  ), days AS (
    INSERT INTO company_trade_days AS t (day, company_id, product, trades, volume, value)
    SELECT day, company_id, product, trades, volume, value FROM d ORDER BY day, company_id, product
    ON CONFLICT (day, company_id, product) DO UPDATE SET trades = t.trades + excluded.trades,
      volume = t.volume + excluded.volume, value = t.value + excluded.value
  )
  INSERT INTO company_trade_months AS t (month, company_id, product, trades, volume, value)
  SELECT date_trunc('month', day)::date, company_id, product, sum(trades), sum(volume), sum(value) FROM d
  GROUP BY 1, 2, 3
  HAVING sum(trades) <> 0 OR sum(volume) <> 0 OR sum(value) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (month, company_id, product) DO UPDATE SET trades = t.trades + excluded.trades,
    volume = t.volume + excluded.volume, value = t.value + excluded.value;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION open_listing_sums_add(added listings[], removed listings[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM companies c
  WHERE c.id IN (SELECT l.company_id FROM unnest(added) l UNION SELECT l.company_id FROM unnest(removed) l)
  ORDER BY c.id FOR SHARE;
  INSERT INTO open_listing_sums AS t (to_period, product, state, side, slot, listings, quantity, value)
  SELECT d.to_period, d.product, d.state, d.side, d.slot, sum(d.k)::int, sum(d.k * d.available_quantity),
    sum(d.k * d.available_quantity * d.price)
  FROM (SELECT l.to_period, l.product, l.state, l.side, l.id % 8 AS slot, l.available_quantity, l.price, l.status,
        l.company_id, 1 AS k
      FROM unnest(added) l
    UNION ALL SELECT l.to_period, l.product, l.state, l.side, l.id % 8, l.available_quantity, l.price, l.status,
        l.company_id, -1
      FROM unnest(removed) l) d
  WHERE d.status = 'Open' AND d.available_quantity > 0
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id AND c.status = 'Approved')
  GROUP BY d.to_period, d.product, d.state, d.side, d.slot
  HAVING sum(d.k) <> 0 OR sum(d.k * d.available_quantity) <> 0 OR sum(d.k * d.available_quantity * d.price) <> 0
  ORDER BY d.to_period, d.product, d.state, d.side, d.slot
  ON CONFLICT (to_period, product, state, side, slot) DO UPDATE SET listings = t.listings + excluded.listings,
    quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_open_listing_sums() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k integer := CASE WHEN NEW.status = 'Approved' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO open_listing_sums AS t (to_period, product, state, side, slot, listings, quantity, value)
  SELECT l.to_period, l.product, l.state, l.side, l.id % 8, k * count(*), k * sum(l.available_quantity),
    k * sum(l.available_quantity * l.price)
  FROM listings l WHERE l.company_id = NEW.id AND l.status = 'Open' AND l.available_quantity > 0
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (to_period, product, state, side, slot) DO UPDATE SET listings = t.listings + excluded.listings,
    quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
  RETURN NULL;
END
$$;
