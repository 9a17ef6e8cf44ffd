ALTER TYPE "public"."referral_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."referral_status" ADD VALUE 'voided';--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "receiving_bank_code" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "receiving_account_number" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "receiving_account_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reviewed_by_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_ip" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_receiving_account_whole" CHECK (("app_settings"."receiving_bank_code" IS NULL) = ("app_settings"."receiving_account_number" IS NULL) AND ("app_settings"."receiving_bank_code" IS NULL) = ("app_settings"."receiving_account_name" IS NULL));--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_receiving_account_number_ten_digits" CHECK ("app_settings"."receiving_account_number" IS NULL OR "app_settings"."receiving_account_number" ~ '^[0-9]{10}$');