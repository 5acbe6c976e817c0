-- The approved trades per IST week and month, beside their days (trade-days.table.ts `tradePeriods`): the traded
-- volume chart's weekly buckets (ranges of 63 days to a year) and monthly ones (beyond) read the range's whole
-- periods here and the days at its ends from trade_days, added or taken away (analysis.periods.ts `volumeSpans`):
-- 90 days by state read ~1,300 rows where they read ~6,700 days, 3.5 -> 1.0 ms a call on the bench's market
-- (issue 23 "Budgets"). Written by trade_days_add after the day, so a trade moves its day, week and month in one
-- statement; rebuild_summaries() is 0039's with the periods summed from the days; the days so far summed once.
CREATE TABLE "trade_periods" (
	"unit" text NOT NULL,
	"start" date NOT NULL,
	"product" text NOT NULL,
	"state" text NOT NULL,
	"is_confidential" boolean NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume" numeric(18, 1) DEFAULT '0' NOT NULL,
	"value" numeric(24, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "trade_periods_unit_start_product_state_is_confidential_pk" PRIMARY KEY("unit","start","product","state","is_confidential")
);--> statement-breakpoint
CREATE INDEX "trade_periods_sums_idx" ON "trade_periods" USING btree ("unit", "start")
  INCLUDE ("product", "state", "is_confidential", "trades", "volume", "value");--> statement-breakpoint
CREATE OR REPLACE FUNCTION trade_days_add(b bids, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  buyer_base numeric := round(b.quantity * b.buyer_commission_amount, 2);
  seller_base numeric := round(b.quantity * b.seller_commission_amount, 2);
  traded_on date := (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date;
  offer_state text := (SELECT o.state FROM listings o WHERE o.id = b.offer_id);
BEGIN
  INSERT INTO trade_days AS t (day, product, state, is_confidential, trades, volume, value, buyer_commission,
    seller_commission)
  VALUES (traded_on, b.product, offer_state, b.is_confidential, sign, sign * b.quantity,
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
  -- The week before the month: every approval locks its rows in the same order.
  INSERT INTO trade_periods AS t (unit, start, product, state, is_confidential, trades, volume, value)
  SELECT u.unit, date_trunc(u.unit, traded_on::timestamp)::date, b.product, offer_state, b.is_confidential, sign,
    sign * b.quantity, sign * b.quantity * b.price
  FROM (VALUES ('week'), ('month')) AS u(unit)
  ORDER BY u.unit DESC
  ON CONFLICT (unit, start, product, state, is_confidential) DO UPDATE SET
    trades = t.trades + excluded.trades,
    volume = t.volume + excluded.volume,
    value = t.value + excluded.value;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE trade_days, trade_periods, bid_funnel_days, company_trade_days, company_trade_months,
    company_trade_quarters, open_listing_sums;
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
  INSERT INTO trade_periods (unit, start, product, state, is_confidential, trades, volume, value)
  SELECT u.unit, date_trunc(u.unit, d.day::timestamp)::date, d.product, d.state, d.is_confidential, sum(d.trades),
    sum(d.volume), sum(d.value)
  FROM trade_days d CROSS JOIN (VALUES ('week'), ('month')) AS u(unit)
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
INSERT INTO trade_periods (unit, start, product, state, is_confidential, trades, volume, value)
SELECT u.unit, date_trunc(u.unit, d.day::timestamp)::date, d.product, d.state, d.is_confidential, sum(d.trades),
  sum(d.volume), sum(d.value)
FROM trade_days d CROSS JOIN (VALUES ('week'), ('month')) AS u(unit)
GROUP BY 1, 2, 3, 4, 5;
