-- A company's live bids in their change order (bids.table.ts): the dashboard's open bids, the pending tabs and the
-- menu's badge walk the company's open bids newest first and stop after the page, instead of reading all of them
-- by validity and sorting (131 rows and 130 buffers for a seller of the bench's market, against 10 and 12).
DROP INDEX "bids_buyer_live_idx";--> statement-breakpoint
DROP INDEX "bids_seller_live_idx";--> statement-breakpoint
CREATE INDEX "bids_buyer_live_idx" ON "bids" USING btree ("buyer_company_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"valid_until") WHERE "bids"."status" in ('New', 'OnGoing');--> statement-breakpoint
CREATE INDEX "bids_seller_live_idx" ON "bids" USING btree ("seller_company_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"valid_until") WHERE "bids"."status" in ('New', 'OnGoing');