DROP INDEX "ratings_to_from_idx";--> statement-breakpoint
DROP INDEX "bid_history_ticker_idx";--> statement-breakpoint
DROP INDEX "bids_offer_idx";--> statement-breakpoint
DROP INDEX "bids_ask_idx";--> statement-breakpoint
DROP INDEX "bids_buyer_company_idx";--> statement-breakpoint
DROP INDEX "bids_seller_company_idx";--> statement-breakpoint
DROP INDEX "bids_status_idx";--> statement-breakpoint
DROP INDEX "bids_product_recent_idx";--> statement-breakpoint
CREATE INDEX "bids_product_traded_idx" ON "bids" USING btree ("product","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "bids"."status" = 'Approved' and not "bids"."is_confidential";--> statement-breakpoint
CREATE INDEX "ratings_to_from_idx" ON "ratings" USING btree ("to_distillery_id","from_company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bid_history_ticker_idx" ON "bid_history" USING btree ("product","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "bid_history"."is_confidential";--> statement-breakpoint
CREATE INDEX "bids_offer_idx" ON "bids" USING btree ("offer_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_ask_idx" ON "bids" USING btree ("ask_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_buyer_company_idx" ON "bids" USING btree ("buyer_company_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_seller_company_idx" ON "bids" USING btree ("seller_company_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_status_idx" ON "bids" USING btree ("status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_product_recent_idx" ON "bids" USING btree ("product","updated_at" DESC NULLS FIRST) WHERE not "bids"."is_confidential";