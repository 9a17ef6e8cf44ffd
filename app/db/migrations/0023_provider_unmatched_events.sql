CREATE TABLE "provider_unmatched_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint,
	"currency" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_unmatched_events_event_reference_idx" ON "provider_unmatched_events" USING btree ("event","reference");