ALTER TABLE "messages" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_campaign_to_support" CHECK ("messages"."campaign_id" IS NULL OR "messages"."recipient_id" IS NULL);--> statement-breakpoint
-- An advertiser only ever wrote to support (its form was addressed to an admin on support's
-- behalf): those messages move to support's inbox, which every admin and the super admin read.
UPDATE "messages" SET "recipient_id" = NULL
WHERE "sender_id" IN (SELECT "id" FROM "users" WHERE "role"::text = 'advertiser');
