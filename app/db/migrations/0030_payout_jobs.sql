CREATE TYPE "public"."payout_job_state" AS ENUM('queued', 'sending', 'done');--> statement-breakpoint
CREATE TABLE "payout_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"withdrawal_id" text NOT NULL,
	"queued_by_id" text,
	"state" "payout_job_state" DEFAULT 'queued' NOT NULL,
	"outcome" text,
	"message" text,
	"transfer_id" text,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"taken_count" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "provider_transfers" ADD COLUMN "request_sent_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "provider_transfers" ADD COLUMN "request_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_queued_by_id_users_id_fk" FOREIGN KEY ("queued_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_transfer_id_provider_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."provider_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_jobs_one_open_idx" ON "payout_jobs" USING btree ("withdrawal_id") WHERE "payout_jobs"."state" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "payout_jobs_open_idx" ON "payout_jobs" USING btree ("queued_at") WHERE "payout_jobs"."state" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "payout_jobs_batch_idx" ON "payout_jobs" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_jobs_queued_at_idx" ON "payout_jobs" USING btree ("queued_at");--> statement-breakpoint
-- Attempts made before requests were timed: take each as sent when it was claimed (so none is ever
-- taken as never sent), and every answered one as ended when it last changed. An attempt still
-- initiating keeps no end: it counts as ended only once its time limit has passed, and is then
-- verified with the provider before anything else is sent. Rows a process of the previous version
-- writes after this runs take request_sent_at's default (now()): sent, so verified too.
UPDATE "provider_transfers" SET "request_sent_at" = "created_at",
  "request_ended_at" = CASE WHEN "status" = 'initiating' THEN NULL ELSE "updated_at" END;
