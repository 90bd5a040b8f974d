CREATE SCHEMA "library";
--> statement-breakpoint
CREATE TABLE "library"."feedback" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"rating" text NOT NULL,
	"comment" text,
	"email_sequence" jsonb NOT NULL,
	"company_url" text DEFAULT '' NOT NULL,
	"customization" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library"."saved_sequences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"company_url" text DEFAULT '' NOT NULL,
	"email_sequence" jsonb NOT NULL,
	"customization" jsonb,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_user_created_idx" ON "library"."feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_sequences_user_created_idx" ON "library"."saved_sequences" USING btree ("user_id","created_at");