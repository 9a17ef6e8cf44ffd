CREATE TYPE "public"."upgrade_method" AS ENUM('balance', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."upgrade_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'upgrade_hold';--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'upgrade_release';--> statement-breakpoint
CREATE TABLE "upgrade_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"from_tier_id" text NOT NULL,
	"tier_id" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"method" "upgrade_method" NOT NULL,
	"status" "upgrade_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"processed_by_id" text,
	CONSTRAINT "upgrade_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "upgrade_requests_price_positive" CHECK ("upgrade_requests"."price_kobo" > 0),
	CONSTRAINT "upgrade_requests_processed_iff_decided" CHECK (("upgrade_requests"."processed_at" IS NULL) = ("upgrade_requests"."status" = 'pending')),
	CONSTRAINT "upgrade_requests_processed_by_admin_decision" CHECK (("upgrade_requests"."processed_by_id" IS NOT NULL) = ("upgrade_requests"."status" IN ('approved', 'rejected')))
);
--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_from_tier_id_membership_tiers_id_fk" FOREIGN KEY ("from_tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_processed_by_id_users_id_fk" FOREIGN KEY ("processed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_requests_one_pending_idx" ON "upgrade_requests" USING btree ("user_id") WHERE "upgrade_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "upgrade_requests_user_created_idx" ON "upgrade_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_requests_status_created_idx" ON "upgrade_requests" USING btree ("status","created_at");