CREATE TYPE "public"."provider_payment_purpose" AS ENUM('upgrade', 'campaign');--> statement-breakpoint
CREATE TYPE "public"."provider_payment_status" AS ENUM('initialized', 'succeeded', 'failed', 'abandoned', 'held');--> statement-breakpoint
CREATE TYPE "public"."provider_transfer_status" AS ENUM('initiating', 'pending', 'unknown', 'success', 'failed', 'reversed');--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'provider_fee';--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'withdrawal_reversal';--> statement-breakpoint
ALTER TYPE "public"."upgrade_method" ADD VALUE 'online';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'sent';--> statement-breakpoint
CREATE TABLE "provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"purpose" "provider_payment_purpose" NOT NULL,
	"upgrade_request_id" text,
	"campaign_id" text,
	"user_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" "provider_payment_status" DEFAULT 'initialized' NOT NULL,
	"authorization_url" text,
	"provider_transaction_id" text,
	"paid_kobo" bigint,
	"currency" text,
	"fee_kobo" bigint,
	"held_reason" text,
	"settled_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "provider_payments_amount_positive" CHECK ("provider_payments"."amount_kobo" > 0),
	CONSTRAINT "provider_payments_target" CHECK (CASE "provider_payments"."purpose" WHEN 'upgrade' THEN "provider_payments"."upgrade_request_id" IS NOT NULL AND "provider_payments"."campaign_id" IS NULL ELSE "provider_payments"."campaign_id" IS NOT NULL AND "provider_payments"."upgrade_request_id" IS NULL END),
	CONSTRAINT "provider_payments_held_reason" CHECK (("provider_payments"."status" = 'held') = ("provider_payments"."held_reason" IS NOT NULL)),
	CONSTRAINT "provider_payments_settled" CHECK (("provider_payments"."status" = 'initialized') = ("provider_payments"."settled_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "provider_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"withdrawal_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"recipient_code" text NOT NULL,
	"status" "provider_transfer_status" DEFAULT 'initiating' NOT NULL,
	"transfer_code" text,
	"failure_reason" text,
	"sent_by_id" text,
	"settled_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "provider_transfers_amount_positive" CHECK ("provider_transfers"."amount_kobo" > 0),
	CONSTRAINT "provider_transfers_attempt_positive" CHECK ("provider_transfers"."attempt" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_recipients" (
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"recipient_code" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_recipients_bank_code_account_number_pk" PRIMARY KEY("bank_code","account_number")
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "auto_payout_max_kobo" bigint;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "name_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_code" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_failure_reason" text;--> statement-breakpoint
ALTER TABLE "provider_payments" ADD CONSTRAINT "provider_payments_upgrade_request_id_upgrade_requests_id_fk" FOREIGN KEY ("upgrade_request_id") REFERENCES "public"."upgrade_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payments" ADD CONSTRAINT "provider_payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payments" ADD CONSTRAINT "provider_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transfers" ADD CONSTRAINT "provider_transfers_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transfers" ADD CONSTRAINT "provider_transfers_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_payments_upgrade_idx" ON "provider_payments" USING btree ("upgrade_request_id");--> statement-breakpoint
CREATE INDEX "provider_payments_campaign_idx" ON "provider_payments" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "provider_payments_status_created_idx" ON "provider_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transfers_attempt_idx" ON "provider_transfers" USING btree ("withdrawal_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transfers_one_live_idx" ON "provider_transfers" USING btree ("withdrawal_id") WHERE "provider_transfers"."status" IN ('initiating', 'pending', 'unknown', 'success');--> statement-breakpoint
CREATE INDEX "provider_transfers_status_created_idx" ON "provider_transfers" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_auto_payout_positive" CHECK ("app_settings"."auto_payout_max_kobo" IS NULL OR "app_settings"."auto_payout_max_kobo" > 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_sent_by_transfer" CHECK ("withdrawals"."status"::text <> 'sent' OR ("withdrawals"."sent_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_transfer_or_file" CHECK ("withdrawals"."payout_batch" IS NULL OR ("withdrawals"."transfer_code" IS NULL AND "withdrawals"."sent_at" IS NULL));--> statement-breakpoint
ALTER TABLE "upgrade_requests" DROP CONSTRAINT "upgrade_requests_processed_by_admin_decision";--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_processed_by_admin_decision" CHECK (("upgrade_requests"."processed_by_id" IS NOT NULL) = ("upgrade_requests"."status" = 'rejected' OR ("upgrade_requests"."status" = 'approved' AND "upgrade_requests"."method"::text <> 'online')));
