ALTER TABLE "emails" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_dedupe_key_idx" ON "emails" USING btree ("dedupe_key");