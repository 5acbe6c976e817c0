-- Each company's trades per IST quarter, by product and of all products (''), kept beside its months by the same
-- statements: a year's top companies read three or four quarters' rows and the months at its ends (~6,000 rows at
-- market scale) where by month they read twelve months' (~10,400), the cold year's ranking 4.7 -> 3.4 ms a call
-- (issue 23 "Budgets", analysis.table.ts). The functions are 0038's with the quarters written after the months.
CREATE TABLE "company_trade_quarters" (
	"quarter" date NOT NULL,
	"company_id" integer NOT NULL,
	"product" text NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume" numeric(18, 1) DEFAULT '0' NOT NULL,
	"value" numeric(24, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "company_trade_quarters_quarter_company_id_product_pk" PRIMARY KEY("quarter","company_id","product")
);--> statement-breakpoint
CREATE INDEX "company_trade_quarters_sums_idx" ON "company_trade_quarters" USING btree ("product", "quarter")
  INCLUDE ("company_id", "trades", "volume", "value");--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE trade_days, bid_funnel_days, company_trade_days, company_trade_months, company_trade_quarters,
    open_listing_sums;
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
  SELECT date_trunc('month', day)::date, company_id, x.product, sum(trades), sum(volume), sum(value)
  FROM company_trade_days CROSS JOIN LATERAL (VALUES (product), ('')) AS x(product) GROUP BY 1, 2, 3;
  INSERT INTO company_trade_quarters (quarter, company_id, product, trades, volume, value)
  SELECT date_trunc('quarter', month)::date, company_id, product, sum(trades), sum(volume), sum(value)
  FROM company_trade_months GROUP BY 1, 2, 3;
  INSERT INTO open_listing_sums (to_period, product, state, side, listings, quantity, value)
  SELECT l.to_period, l.product, l.state, l.side, count(*), sum(l.available_quantity),
    sum(l.available_quantity * l.price)
  FROM listings l
  WHERE l.status = 'Open' AND l.available_quantity > 0
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = l.company_id AND c.status = 'Approved')
  GROUP BY 1, 2, 3, 4;
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
  ), months AS (
    INSERT INTO company_trade_months AS t (month, company_id, product, trades, volume, value)
    SELECT date_trunc('month', d.day)::date, d.company_id, x.product, sum(d.trades), sum(d.volume), sum(d.value)
    FROM d CROSS JOIN LATERAL (VALUES (d.product), ('')) AS x(product)
    GROUP BY 1, 2, 3
    HAVING sum(d.trades) <> 0 OR sum(d.volume) <> 0 OR sum(d.value) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (month, company_id, product) DO UPDATE SET trades = t.trades + excluded.trades,
      volume = t.volume + excluded.volume, value = t.value + excluded.value
  )
  INSERT INTO company_trade_quarters AS t (quarter, company_id, product, trades, volume, value)
  SELECT date_trunc('quarter', d.day)::date, d.company_id, x.product, sum(d.trades), sum(d.volume), sum(d.value)
  FROM d CROSS JOIN LATERAL (VALUES (d.product), ('')) AS x(product)
  GROUP BY 1, 2, 3
  HAVING sum(d.trades) <> 0 OR sum(d.volume) <> 0 OR sum(d.value) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (quarter, company_id, product) DO UPDATE SET trades = t.trades + excluded.trades,
    volume = t.volume + excluded.volume, value = t.value + excluded.value;
END
$$;--> statement-breakpoint
INSERT INTO company_trade_quarters (quarter, company_id, product, trades, volume, value)
SELECT date_trunc('quarter', month)::date, company_id, product, sum(trades), sum(volume), sum(value)
FROM company_trade_months GROUP BY 1, 2, 3;
