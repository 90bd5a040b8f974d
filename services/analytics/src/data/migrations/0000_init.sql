CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE TABLE "analytics"."events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"user_id" text,
	"anonymous_id" text,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone,
	"forward_claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE INDEX "events_unforwarded_idx" ON "analytics"."events" USING btree ("received_at") WHERE forwarded_at is null;--> statement-breakpoint
CREATE INDEX "events_name_idx" ON "analytics"."events" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "analytics"."outbox" USING btree ("seq") WHERE published_at is null;