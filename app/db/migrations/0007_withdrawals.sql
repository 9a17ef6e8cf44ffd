CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'processing', 'completed', 'rejected');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_holder_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_number_ten_digits" CHECK ("bank_accounts"."account_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "bank_accounts_holder_present" CHECK (length(btrim("bank_accounts"."account_holder_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_kobo" > 0),
	CONSTRAINT "withdrawals_fee_within_amount" CHECK ("withdrawals"."fee_kobo" >= 0 AND "withdrawals"."fee_kobo" < "withdrawals"."amount_kobo"),
	CONSTRAINT "withdrawals_account_number_ten_digits" CHECK ("withdrawals"."account_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "withdrawals_processed_iff_completed" CHECK (("withdrawals"."processed_at" IS NOT NULL) = ("withdrawals"."status" = 'completed')),
	CONSTRAINT "withdrawals_rejected_iff_rejected" CHECK (("withdrawals"."rejected_at" IS NOT NULL) = ("withdrawals"."status" = 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_idx" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_requested_idx" ON "withdrawals" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_requested_idx" ON "withdrawals" USING btree ("status","requested_at");