CREATE TYPE "public"."provider_dispute_outcome" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
CREATE TYPE "public"."provider_refund_status" AS ENUM('requesting', 'unknown', 'pending', 'processing', 'processed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'held_payment';--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'provider_refund';--> statement-breakpoint
ALTER TYPE "public"."ledger_transfer_kind" ADD VALUE 'dispute_loss';--> statement-breakpoint
CREATE TABLE "provider_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"transaction_reference" text NOT NULL,
	"payment_id" text,
	"user_id" text,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"provider_status" text NOT NULL,
	"evidence_due_at" timestamp with time zone,
	"outcome" "provider_dispute_outcome" DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_disputes_provider_id_unique" UNIQUE("provider_dispute_id"),
	CONSTRAINT "provider_disputes_amount_not_negative" CHECK ("provider_disputes"."amount_kobo" >= 0),
	CONSTRAINT "provider_disputes_booked_lost" CHECK ("provider_disputes"."booked_at" IS NULL OR "provider_disputes"."outcome"::text = 'lost')
);
--> statement-breakpoint
CREATE TABLE "provider_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" "provider_refund_status" DEFAULT 'requesting' NOT NULL,
	"provider_refund_id" text,
	"requested_by_id" text,
	"reason" text NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_refunds_provider_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "provider_refunds_amount_positive" CHECK ("provider_refunds"."amount_kobo" > 0),
	CONSTRAINT "provider_refunds_reason_length" CHECK (char_length("provider_refunds"."reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "provider_disputes" ADD CONSTRAINT "provider_disputes_payment_id_provider_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."provider_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_disputes" ADD CONSTRAINT "provider_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_payment_id_provider_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."provider_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_disputes_outcome_idx" ON "provider_disputes" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE INDEX "provider_disputes_user_idx" ON "provider_disputes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_payment_idx" ON "provider_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_status_idx" ON "provider_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_one_live_idx" ON "provider_refunds" USING btree ("payment_id") WHERE "provider_refunds"."status" in ('requesting', 'unknown', 'pending', 'processing');--> statement-breakpoint
-- A payment's refunds that are not failed never add up to more than what was paid (issue 42 item 4).
-- The trigger locks the payment's row first, so two refunds written at once are checked one after
-- the other: the second sees the first.
CREATE FUNCTION provider_refunds_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  refunded bigint;
BEGIN
  IF NEW.status = 'failed' THEN
    RETURN NEW;
  END IF;
  SELECT coalesce(p.paid_kobo, 0) INTO paid FROM provider_payments p WHERE p.id = NEW.payment_id FOR UPDATE;
  SELECT coalesce(sum(r.amount_kobo), 0) INTO refunded FROM provider_refunds r
   WHERE r.payment_id = NEW.payment_id AND r.status <> 'failed' AND r.id <> NEW.id;
  IF refunded + NEW.amount_kobo > paid THEN
    RAISE EXCEPTION 'refunds of payment % would exceed what was paid (% + % > %)',
      NEW.payment_id, refunded, NEW.amount_kobo, paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'provider_refunds_within_paid';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER provider_refunds_within_paid BEFORE INSERT OR UPDATE OF amount_kobo, status ON provider_refunds
  FOR EACH ROW EXECUTE FUNCTION provider_refunds_within_paid();
