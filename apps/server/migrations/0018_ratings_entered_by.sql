ALTER TABLE "ratings" ADD COLUMN "entered_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_bid_idx" ON "ratings" USING btree ("bid_id","from_company_id","id" DESC NULLS FIRST) WHERE "ratings"."bid_id" is not null;--> statement-breakpoint
CREATE INDEX "ratings_from_company_idx" ON "ratings" USING btree ("from_company_id","id");