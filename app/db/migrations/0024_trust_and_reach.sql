CREATE TABLE "advert_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advert_images_id_sha256" CHECK ("advert_images"."id" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "advert_images_content_type" CHECK ("advert_images"."content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "advert_images_size" CHECK (octet_length("advert_images"."bytes") BETWEEN 1 AND 1048576)
);
--> statement-breakpoint
ALTER TABLE "adverts" DROP CONSTRAINT "adverts_image_https";--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_image_https";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "advertiser_max_withdrawal_kobo" bigint DEFAULT 100000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "support_phone" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "support_whatsapp" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "payout_schedule" text DEFAULT 'Withdrawals are reviewed and paid on working days, usually within 24 hours.' NOT NULL;--> statement-breakpoint
ALTER TABLE "advert_images" ADD CONSTRAINT "advert_images_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_image_address" CHECK ("adverts"."image_url" IS NULL OR "adverts"."image_url" LIKE 'https://%' OR "adverts"."image_url" ~ '^/images/[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_advertiser_max_withdrawal_positive" CHECK ("app_settings"."advertiser_max_withdrawal_kobo" > 0);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_image_address" CHECK ("campaigns"."image_url" IS NULL OR "campaigns"."image_url" LIKE 'https://%' OR "campaigns"."image_url" ~ '^/images/[0-9a-f]{64}$');