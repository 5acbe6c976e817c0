CREATE TABLE "distilleries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distilleries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"license_number" text NOT NULL,
	"gst_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mapping_distilleries" (
	"mapping_id" integer NOT NULL,
	"distillery_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"negotiator_id" integer NOT NULL,
	"authorizer_id" integer NOT NULL,
	"approver_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_type" text NOT NULL,
	"company_id" integer,
	"product" text,
	"commission_amount" numeric(12, 2) NOT NULL,
	"state_gst" numeric(5, 2) NOT NULL,
	"central_gst" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distilleries" ADD CONSTRAINT "distilleries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_distilleries" ADD CONSTRAINT "mapping_distilleries_mapping_id_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_distilleries" ADD CONSTRAINT "mapping_distilleries_distillery_id_distilleries_id_fk" FOREIGN KEY ("distillery_id") REFERENCES "public"."distilleries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_negotiator_id_users_id_fk" FOREIGN KEY ("negotiator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_authorizer_id_users_id_fk" FOREIGN KEY ("authorizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rates" ADD CONSTRAINT "fee_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distilleries_company_idx" ON "distilleries" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "distilleries_company_name_idx" ON "distilleries" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mapping_distilleries_distillery_idx" ON "mapping_distilleries" USING btree ("distillery_id");--> statement-breakpoint
CREATE INDEX "mapping_distilleries_mapping_idx" ON "mapping_distilleries" USING btree ("mapping_id");--> statement-breakpoint
CREATE INDEX "mappings_company_type_idx" ON "mappings" USING btree ("company_id","type",lower("name"));--> statement-breakpoint
CREATE INDEX "mappings_negotiator_idx" ON "mappings" USING btree ("negotiator_id");--> statement-breakpoint
CREATE INDEX "mappings_authorizer_idx" ON "mappings" USING btree ("authorizer_id");--> statement-breakpoint
CREATE INDEX "mappings_approver_idx" ON "mappings" USING btree ("approver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rates_scope_idx" ON "fee_rates" USING btree ("company_type",coalesce("company_id", 0),coalesce("product", ''));