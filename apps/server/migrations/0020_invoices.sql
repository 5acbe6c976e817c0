CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"side" text NOT NULL,
	"company_id" integer NOT NULL,
	"credits_invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"billed_name" text NOT NULL,
	"billed_address" text NOT NULL,
	"billed_state" text NOT NULL,
	"billed_gstin" text NOT NULL,
	"platform_name" text NOT NULL,
	"platform_address" text NOT NULL,
	"platform_state" text NOT NULL,
	"platform_gstin" text NOT NULL,
	"trade_reference" text NOT NULL,
	"product" text NOT NULL,
	"quantity" numeric(14, 1) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"taxable" numeric(14, 2) NOT NULL,
	"cgst_rate" numeric(5, 2) NOT NULL,
	"sgst_rate" numeric(5, 2) NOT NULL,
	"igst_rate" numeric(5, 2) NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "invoices_credit_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credits_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_serial_idx" ON "invoices" USING btree ("series","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_idx" ON "invoices" USING btree ("credits_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_bid_idx" ON "invoices" USING btree ("bid_id","id");