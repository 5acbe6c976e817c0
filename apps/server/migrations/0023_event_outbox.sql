CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq" bigint,
	"type" text NOT NULL,
	"bid_id" integer,
	"listing_id" integer,
	"company_ids" integer[],
	"actor_user_id" integer,
	"actor_company_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_seq_idx" ON "events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "events_unsequenced_idx" ON "events" USING btree ("id") WHERE "events"."seq" is null;--> statement-breakpoint
-- Every process's sequencer hears of new events (modules/events/events.outbox.ts): one notification per statement,
-- merged per transaction and sent only when it commits, so nothing is announced that did not commit.
CREATE OR REPLACE FUNCTION notify_events_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('events_added', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER events_added AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_events_added();
