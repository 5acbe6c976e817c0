CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"side" text NOT NULL,
	"company_id" integer NOT NULL,
	"distillery_id" integer NOT NULL,
	"state" text NOT NULL,
	"product" text NOT NULL,
	"from_period" text NOT NULL,
	"to_period" text NOT NULL,
	"original_quantity" numeric(14, 1) NOT NULL,
	"available_quantity" numeric(14, 1) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"export_pass_fee" numeric(12, 2),
	"sales_tax" numeric(5, 2),
	"import_pass_fee" numeric(12, 2),
	"transit_permit_fee" numeric(12, 2),
	"escort_fee" numeric(12, 2),
	"corporation_fee" numeric(12, 2),
	"misc_handling" numeric(12, 2),
	"transportation" numeric(12, 2),
	"status" text DEFAULT 'Open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_period_check" CHECK ("listings"."from_period" <= "listings"."to_period"),
	CONSTRAINT "listings_quantity_check" CHECK ("listings"."available_quantity" >= 0 and "listings"."available_quantity" <= "listings"."original_quantity"),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_company_id" integer NOT NULL,
	"from_distillery_id" integer,
	"to_company_id" integer NOT NULL,
	"to_distillery_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"source" text DEFAULT 'New' NOT NULL,
	"bid_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_rating_check" CHECK ("ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_distillery_id_distilleries_id_fk" FOREIGN KEY ("distillery_id") REFERENCES "public"."distilleries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_from_company_id_companies_id_fk" FOREIGN KEY ("from_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_from_distillery_id_distilleries_id_fk" FOREIGN KEY ("from_distillery_id") REFERENCES "public"."distilleries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_to_company_id_companies_id_fk" FOREIGN KEY ("to_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_to_distillery_id_distilleries_id_fk" FOREIGN KEY ("to_distillery_id") REFERENCES "public"."distilleries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_company_side_idx" ON "listings" USING btree ("company_id","side","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_distillery_idx" ON "listings" USING btree ("distillery_id");--> statement-breakpoint
CREATE INDEX "listings_open_product_idx" ON "listings" USING btree ("side","product","to_period") WHERE "listings"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "listings_open_product_recent_idx" ON "listings" USING btree ("side","product","updated_at" DESC NULLS LAST) WHERE "listings"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "listings_open_recent_idx" ON "listings" USING btree ("side","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "listings_open_state_idx" ON "listings" USING btree ("side","state","created_at" DESC NULLS LAST) WHERE "listings"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "listings_product_trgm_idx" ON "listings" USING gin (lower("product") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_state_trgm_idx" ON "listings" USING gin (lower("state") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ratings_to_from_idx" ON "ratings" USING btree ("to_distillery_id","from_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);