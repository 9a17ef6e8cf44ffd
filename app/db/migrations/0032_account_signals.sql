CREATE TYPE "public"."risk_cluster_status" AS ENUM('open', 'clear', 'trusted', 'closed');--> statement-breakpoint
CREATE TYPE "public"."signal_kind" AS ENUM('device', 'fingerprint', 'bank_account', 'email', 'network', 'network_fingerprint');--> statement-breakpoint
CREATE TABLE "account_signals" (
	"user_id" text NOT NULL,
	"kind" "signal_kind" NOT NULL,
	"value" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_signals_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value"),
	CONSTRAINT "account_signals_value_length" CHECK (char_length("account_signals"."value") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "risk_clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"status" "risk_cluster_status" DEFAULT 'clear' NOT NULL,
	"decided_member_count" integer,
	"opened_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_id" text,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "accounts_per_device" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "accounts_per_bank_account" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_cluster_id" text;--> statement-breakpoint
ALTER TABLE "account_signals" ADD CONSTRAINT "account_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_clusters" ADD CONSTRAINT "risk_clusters_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_signals_value_idx" ON "account_signals" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "risk_clusters_status_idx" ON "risk_clusters" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "users_risk_cluster_idx" ON "users" USING btree ("risk_cluster_id");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_accounts_per_device" CHECK ("app_settings"."accounts_per_device" BETWEEN 1 AND 20);--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_accounts_per_bank_account" CHECK ("app_settings"."accounts_per_bank_account" BETWEEN 1 AND 20);--> statement-breakpoint
-- Accounts already saved: their payout accounts (bank details and every withdrawal's) are signals
-- from now on, first and last seen when they were saved. Clusters form as new signals arrive.
INSERT INTO "account_signals" ("user_id", "kind", "value", "first_seen_at", "last_seen_at")
SELECT "user_id", 'bank_account', "bank_code" || ':' || "account_number", min("at"), max("at")
FROM (
  SELECT "user_id", "bank_code", "account_number", "updated_at" AS "at" FROM "bank_accounts"
  UNION ALL
  SELECT "user_id", "bank_code", "account_number", "requested_at" FROM "withdrawals"
) AS "payout_accounts"
GROUP BY "user_id", "bank_code", "account_number";
