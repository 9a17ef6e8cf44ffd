CREATE TYPE "public"."ledger_account_kind" AS ENUM('user_available', 'user_held', 'platform');--> statement-breakpoint
CREATE TYPE "public"."ledger_transfer_kind" AS ENUM('advert_reward', 'referral_reward', 'upgrade_payment', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_fee');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" text,
	"code" text,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_user_balance_non_negative" CHECK ("ledger_accounts"."kind" = 'platform' OR "ledger_accounts"."balance_kobo" >= 0),
	CONSTRAINT "ledger_accounts_owner" CHECK (CASE WHEN "ledger_accounts"."kind" = 'platform' THEN "ledger_accounts"."user_id" IS NULL AND "ledger_accounts"."code" IS NOT NULL ELSE "ledger_accounts"."user_id" IS NOT NULL AND "ledger_accounts"."code" IS NULL END)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("ledger_entries"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "ledger_transfer_kind" NOT NULL,
	"debit_account_id" text NOT NULL,
	"credit_account_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount_kobo" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_reference_pair" CHECK (("ledger_transfers"."reference_type" IS NULL) = ("ledger_transfers"."reference_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_idx" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transfer_account_idx" ON "ledger_entries" USING btree ("transfer_id","account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_at_idx" ON "ledger_transfers" USING btree ("created_at");