-- Trigram indexes answer the admin lists' searches by part of a name or email (ILIKE '%…%') without
-- reading every user; pg_trgm ships with PostgreSQL (contrib, trusted: a database owner may create it)
-- and with PGlite (loaded by app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_pending_members_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'user' AND NOT "users"."is_approved" AND NOT "users"."is_restricted";--> statement-breakpoint
CREATE INDEX "users_restricted_members_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'user' AND "users"."is_restricted";--> statement-breakpoint
CREATE INDEX "withdrawals_requested_idx" ON "withdrawals" USING btree ("requested_at","id");