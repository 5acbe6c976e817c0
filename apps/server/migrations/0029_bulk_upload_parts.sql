CREATE TABLE "bulk_upload_parts" (
	"upload_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"parts" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"actor_user_id" integer,
	"side" text NOT NULL,
	"columns" text[] NOT NULL,
	"rows" json NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_upload_parts_upload_id_part_pk" PRIMARY KEY("upload_id","part")
);
--> statement-breakpoint
ALTER TABLE "bulk_upload_parts" ADD CONSTRAINT "bulk_upload_parts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_upload_parts" ADD CONSTRAINT "bulk_upload_parts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_upload_parts" ADD CONSTRAINT "bulk_upload_parts_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;