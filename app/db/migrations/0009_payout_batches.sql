ALTER TABLE "withdrawals" ADD COLUMN "payout_batch" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "withdrawals_payout_batch_idx" ON "withdrawals" USING btree ("payout_batch");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_exported_with_batch" CHECK (("withdrawals"."payout_batch" IS NULL) = ("withdrawals"."exported_at" IS NULL));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_batch_only_when_paying" CHECK ("withdrawals"."payout_batch" IS NULL OR "withdrawals"."status" IN ('processing', 'completed'));