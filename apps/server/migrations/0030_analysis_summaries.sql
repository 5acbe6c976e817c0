CREATE TABLE "bid_funnel_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"locked" boolean NOT NULL,
	"bids" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bid_funnel_days_day_status_locked_pk" PRIMARY KEY("day","status","locked")
);
--> statement-breakpoint
CREATE TABLE "company_trade_days" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"product" text NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume" numeric(18, 1) DEFAULT '0' NOT NULL,
	"value" numeric(24, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "company_trade_days_day_company_id_product_pk" PRIMARY KEY("day","company_id","product")
);
--> statement-breakpoint
CREATE TABLE "company_trade_months" (
	"month" date NOT NULL,
	"company_id" integer NOT NULL,
	"product" text NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume" numeric(18, 1) DEFAULT '0' NOT NULL,
	"value" numeric(24, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "company_trade_months_month_company_id_product_pk" PRIMARY KEY("month","company_id","product")
);
--> statement-breakpoint
CREATE TABLE "open_listing_sums" (
	"state" text NOT NULL,
	"product" text NOT NULL,
	"side" text NOT NULL,
	"to_period" text NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"quantity" numeric(20, 1) DEFAULT '0' NOT NULL,
	"value" numeric(26, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "open_listing_sums_to_period_product_state_side_pk" PRIMARY KEY("to_period","product","state","side")
);
--> statement-breakpoint
DROP INDEX "bids_created_funnel_idx";--> statement-breakpoint
-- The summaries of analysis.table.ts, kept by statement-level triggers: each sums its statement's changed rows per
-- key (−1 for the rows as they were, +1 as they are), leaves out keys that did not move, and upserts the rest in key
-- order, so two statements changing the same summary rows lock them in the same order. The bids' funnel by day of
-- creation and the parties' trades by day and by month of approval (non-confidential bids only):
CREATE OR REPLACE FUNCTION bid_summaries_add(added bids[], removed bids[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bid_funnel_days AS t (day, status, locked, bids)
  SELECT d.day, d.status, d.locked, sum(d.k)::int
  FROM (SELECT (b.created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, b.status, b.locked, b.is_confidential, 1 AS k
      FROM unnest(added) b
    UNION ALL SELECT (b.created_at AT TIME ZONE 'Asia/Kolkata')::date, b.status, b.locked, b.is_confidential, -1
      FROM unnest(removed) b) d
  WHERE NOT d.is_confidential
  GROUP BY d.day, d.status, d.locked
  HAVING sum(d.k) <> 0
  ORDER BY d.day, d.status, d.locked
  ON CONFLICT (day, status, locked) DO UPDATE SET bids = t.bids + excluded.bids;

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
CREATE OR REPLACE FUNCTION bids_summaries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bids[];
BEGIN
  SELECT array_agg(n) INTO added FROM new_rows n; -- a transition table's rows are records: typed by the INTO
  PERFORM bid_summaries_add(added, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update counts only the rows whose counted columns moved (most bid updates — a counter, a flag, a sale order —
-- move none of a summary's keys or sums).
CREATE OR REPLACE FUNCTION bids_summaries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bids[];
  removed bids[];
BEGIN
  SELECT array_agg(n), array_agg(o) INTO added, removed
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (o.created_at, o.status, o.locked, o.is_confidential, o.approved_at, o.product, o.quantity, o.price,
      o.seller_company_id, o.buyer_company_id)
    IS DISTINCT FROM (n.created_at, n.status, n.locked, n.is_confidential, n.approved_at, n.product, n.quantity,
      n.price, n.seller_company_id, n.buyer_company_id);
  IF added IS NOT NULL THEN
    PERFORM bid_summaries_add(added, removed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bids_summaries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed bids[];
BEGIN
  SELECT array_agg(o) INTO removed FROM old_rows o;
  PERFORM bid_summaries_add(NULL, removed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bids_summaries_insert AFTER INSERT ON bids REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bids_summaries_inserted();--> statement-breakpoint
CREATE TRIGGER bids_summaries_update AFTER UPDATE ON bids REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bids_summaries_updated();--> statement-breakpoint
CREATE TRIGGER bids_summaries_delete AFTER DELETE ON bids REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bids_summaries_deleted();--> statement-breakpoint
-- What is open to trade (the trend's Buyer and Seller columns): listings Open with quantity left, of an Approved
-- company. The changed listings' companies are share-locked first (in id order), so a company's approval or
-- suspension committing meanwhile is either wholly before this statement's sums or waits for them: the companies
-- trigger below then reads the listings as this transaction left them.
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
CREATE OR REPLACE FUNCTION listings_sums_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added listings[];
BEGIN
  SELECT array_agg(n) INTO added FROM new_rows n; -- a transition table's rows are records: typed by the INTO
  PERFORM open_listing_sums_add(added, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listings_sums_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added listings[];
  removed listings[];
BEGIN
  SELECT array_agg(n), array_agg(o) INTO added, removed
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (o.to_period, o.product, o.state, o.side, o.available_quantity, o.price, o.status, o.company_id)
    IS DISTINCT FROM (n.to_period, n.product, n.state, n.side, n.available_quantity, n.price, n.status, n.company_id);
  IF added IS NOT NULL THEN
    PERFORM open_listing_sums_add(added, removed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listings_sums_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed listings[];
BEGIN
  SELECT array_agg(o) INTO removed FROM old_rows o;
  PERFORM open_listing_sums_add(NULL, removed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_sums_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listings_sums_inserted();--> statement-breakpoint
CREATE TRIGGER listings_sums_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listings_sums_updated();--> statement-breakpoint
CREATE TRIGGER listings_sums_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listings_sums_deleted();--> statement-breakpoint
-- A company approved or no longer approved brings its open listings into the sums or takes them out.
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
$$;--> statement-breakpoint
CREATE TRIGGER companies_open_listing_sums AFTER UPDATE OF status ON companies FOR EACH ROW
  WHEN ((OLD.status = 'Approved') IS DISTINCT FROM (NEW.status = 'Approved'))
  EXECUTE FUNCTION companies_open_listing_sums();--> statement-breakpoint
-- What exists so far (bench/generate.mjs sums the same after its bulk insert, which fires no trigger).
INSERT INTO bid_funnel_days (day, status, locked, bids)
SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, locked, count(*) FROM bids WHERE NOT is_confidential
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO company_trade_days (day, company_id, product, trades, volume, value)
SELECT (b.approved_at AT TIME ZONE 'Asia/Kolkata')::date, p.company_id, b.product, count(*), sum(b.quantity),
  sum(b.quantity * b.price)
FROM bids b CROSS JOIN LATERAL (VALUES (b.seller_company_id), (b.buyer_company_id)) AS p(company_id)
WHERE b.status = 'Approved' AND b.approved_at IS NOT NULL AND NOT b.is_confidential
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO company_trade_months (month, company_id, product, trades, volume, value)
SELECT date_trunc('month', day)::date, company_id, product, sum(trades), sum(volume), sum(value)
FROM company_trade_days GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO open_listing_sums (to_period, product, state, side, listings, quantity, value)
SELECT l.to_period, l.product, l.state, l.side, count(*), sum(l.available_quantity), sum(l.available_quantity * l.price)
FROM listings l
WHERE l.status = 'Open' AND l.available_quantity > 0
  AND EXISTS (SELECT 1 FROM companies c WHERE c.id = l.company_id AND c.status = 'Approved')
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- The top companies of a range read its rows from these indexes alone (written by hand: Drizzle's index has no
-- INCLUDE, so analysis.table.ts names them in comments). Past days and months no longer change, so their pages are
-- all-visible once vacuumed.
CREATE INDEX "company_trade_days_sums_idx" ON "company_trade_days" USING btree ("day")
  INCLUDE ("company_id", "trades", "volume", "value");--> statement-breakpoint
CREATE INDEX "company_trade_months_sums_idx" ON "company_trade_months" USING btree ("month")
  INCLUDE ("company_id", "trades", "volume", "value");
