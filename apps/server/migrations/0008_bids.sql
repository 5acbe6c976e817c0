CREATE SEQUENCE "public"."trade_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bid_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bid_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bid_id" integer NOT NULL,
	"company_type" text NOT NULL,
	"user_id" integer,
	"role" text,
	"quantity" numeric(14, 1) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"product" text NOT NULL,
	"state" text NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"ask_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"product" text NOT NULL,
	"placed_by" text NOT NULL,
	"quantity" numeric(14, 1) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"export_pass_fee" numeric(12, 2),
	"sales_tax" numeric(5, 2),
	"import_pass_fee" numeric(12, 2),
	"transit_permit_fee" numeric(12, 2),
	"escort_fee" numeric(12, 2),
	"corporation_fee" numeric(12, 2),
	"misc_handling" numeric(12, 2),
	"transportation" numeric(12, 2),
	"comment" text DEFAULT '' NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"is_negotiator_buyer_approved" boolean,
	"is_authenticator_buyer_approved" boolean,
	"is_approver_buyer_approved" boolean,
	"is_negotiator_seller_approved" boolean,
	"is_authenticator_seller_approved" boolean,
	"is_approver_seller_approved" boolean,
	"locked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"trade_reference" text,
	"approved_at" timestamp with time zone,
	"buyer_commission_amount" numeric(12, 2),
	"buyer_state_gst" numeric(5, 2),
	"buyer_central_gst" numeric(5, 2),
	"seller_commission_amount" numeric(12, 2),
	"seller_state_gst" numeric(5, 2),
	"seller_central_gst" numeric(5, 2),
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_quantity_check" CHECK ("bids"."quantity" > 0),
	CONSTRAINT "bids_price_check" CHECK ("bids"."price" > 0),
	CONSTRAINT "bids_companies_check" CHECK ("bids"."buyer_company_id" <> "bids"."seller_company_id"),
	CONSTRAINT "bids_flags_check" CHECK (coalesce("bids"."is_negotiator_buyer_approved", true) and coalesce("bids"."is_authenticator_buyer_approved", true)
        and coalesce("bids"."is_approver_buyer_approved", true) and coalesce("bids"."is_negotiator_seller_approved", true)
        and coalesce("bids"."is_authenticator_seller_approved", true) and coalesce("bids"."is_approver_seller_approved", true)),
	CONSTRAINT "bids_trade_reference_check" CHECK (("bids"."status" = 'Approved') = ("bids"."trade_reference" is not null))
);
--> statement-breakpoint
ALTER TABLE "bid_history" ADD CONSTRAINT "bid_history_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_history" ADD CONSTRAINT "bid_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_offer_id_listings_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_ask_id_listings_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_history_bid_idx" ON "bid_history" USING btree ("bid_id","id");--> statement-breakpoint
CREATE INDEX "bid_history_ticker_idx" ON "bid_history" USING btree ("product","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "bid_history"."is_confidential";--> statement-breakpoint
CREATE UNIQUE INDEX "bids_trade_reference_idx" ON "bids" USING btree ("trade_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_open_pair_idx" ON "bids" USING btree ("offer_id","ask_id") WHERE "bids"."status" in ('New', 'OnGoing');--> statement-breakpoint
CREATE INDEX "bids_offer_idx" ON "bids" USING btree ("offer_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_ask_idx" ON "bids" USING btree ("ask_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_buyer_company_idx" ON "bids" USING btree ("buyer_company_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_seller_company_idx" ON "bids" USING btree ("seller_company_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_status_idx" ON "bids" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_open_valid_until_idx" ON "bids" USING btree ("valid_until") WHERE "bids"."status" in ('New', 'OnGoing');--> statement-breakpoint
CREATE INDEX "bids_product_recent_idx" ON "bids" USING btree ("product","updated_at" DESC NULLS LAST) WHERE not "bids"."is_confidential";