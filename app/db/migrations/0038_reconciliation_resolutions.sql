CREATE TYPE "public"."disagreement_kind" AS ENUM('held-payment', 'unknown-reference', 'transfer-paid-after-failed', 'transfer-unknown', 'transfer-stuck');--> statement-breakpoint
CREATE TABLE "reconciliation_resolutions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "disagreement_kind" NOT NULL,
	"key" text NOT NULL,
	"reference" text NOT NULL,
	"resolved_by_id" text NOT NULL,
	"note" text NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_resolutions_note_length" CHECK (char_length("reconciliation_resolutions"."note") BETWEEN 1 AND 1000),
	CONSTRAINT "reconciliation_resolutions_key_length" CHECK (char_length("reconciliation_resolutions"."key") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "reconciliation_resolutions" ADD CONSTRAINT "reconciliation_resolutions_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_resolutions_kind_key_idx" ON "reconciliation_resolutions" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "reconciliation_resolutions_resolved_at_idx" ON "reconciliation_resolutions" USING btree ("resolved_at");--> statement-breakpoint
-- A resolution is history, as the audit log is: rows can be inserted, never changed or removed.
CREATE FUNCTION reconciliation_resolutions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reconciliation_resolutions_no_update_or_delete
  BEFORE UPDATE OR DELETE ON reconciliation_resolutions
  FOR EACH ROW EXECUTE FUNCTION reconciliation_resolutions_refuse_change();
--> statement-breakpoint
CREATE TRIGGER reconciliation_resolutions_no_truncate
  BEFORE TRUNCATE ON reconciliation_resolutions
  FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_resolutions_refuse_change();
