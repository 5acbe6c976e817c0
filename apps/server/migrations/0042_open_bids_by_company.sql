-- The caller's open bid on each listing of a market page (listings.market.repository.ts `callerOpenBidId`): by the
-- listing and the caller's company together, so a listing bid on by someone else is refused in the index instead of
-- read from the table (an offer's probe went through the open pairs' index and read the bid; an ask's ANDed two
-- bitmaps). Open bids only: a few percent of the bids.
CREATE INDEX "bids_open_offer_buyer_idx" ON "bids" USING btree ("offer_id","buyer_company_id") WHERE "bids"."status" in ('New', 'OnGoing');--> statement-breakpoint
CREATE INDEX "bids_open_ask_seller_idx" ON "bids" USING btree ("ask_id","seller_company_id") WHERE "bids"."status" in ('New', 'OnGoing');