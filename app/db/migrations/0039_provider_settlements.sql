CREATE TYPE "public"."provider_settlement_status" AS ENUM('pending', 'processing', 'success', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'provider_settlement';--> statement-breakpoint
CREATE TABLE "provider_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_settlement_id" text NOT NULL,
	"status" "provider_settlement_status" NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"settled_at" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_settlements_provider_id_unique" UNIQUE("provider_settlement_id"),
	CONSTRAINT "provider_settlements_amount_not_negative" CHECK ("provider_settlements"."amount_kobo" >= 0 AND "provider_settlements"."total_kobo" >= 0),
	CONSTRAINT "provider_settlements_booked_success" CHECK ("provider_settlements"."booked_at" IS NULL OR "provider_settlements"."status"::text = 'success')
);
--> statement-breakpoint
CREATE INDEX "provider_settlements_status_idx" ON "provider_settlements" USING btree ("status");