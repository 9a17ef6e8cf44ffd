ALTER TABLE "users" ADD COLUMN "recent_login_ips" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The last sign-in address each member had becomes the first of their recent ones.
UPDATE "users" SET "recent_login_ips" = ARRAY["last_login_ip"] WHERE "last_login_ip" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_login_ip";
