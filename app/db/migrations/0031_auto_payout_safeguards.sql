CREATE TABLE "auto_payout_days" (
	"lagos_day" date PRIMARY KEY NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"limit_mailed_at" timestamp with time zone,
	CONSTRAINT "auto_payout_days_total_not_negative" CHECK ("auto_payout_days"."total_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "auto_payout_daily_max_kobo" bigint DEFAULT 50000000;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "bank_change_hold_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "auto_payout_min_account_age_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "holder_name_matches" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payouts_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "auto_pay_hold" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_bank_change_hold_hours" CHECK ("app_settings"."bank_change_hold_hours" BETWEEN 0 AND 720);--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_auto_payout_min_age_days" CHECK ("app_settings"."auto_payout_min_account_age_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_auto_payout_daily_max_positive" CHECK ("app_settings"."auto_payout_daily_max_kobo" IS NULL OR "app_settings"."auto_payout_daily_max_kobo" > 0);