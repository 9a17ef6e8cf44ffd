CREATE TABLE "advert_views" (
	"id" text PRIMARY KEY NOT NULL,
	"advert_id" text NOT NULL,
	"user_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"reward_kobo" bigint,
	"lagos_day" date,
	"transfer_id" text,
	CONSTRAINT "advert_views_claim_complete" CHECK (("advert_views"."claimed_at" IS NULL) = ("advert_views"."reward_kobo" IS NULL) AND ("advert_views"."claimed_at" IS NULL) = ("advert_views"."lagos_day" IS NULL) AND ("advert_views"."claimed_at" IS NULL) = ("advert_views"."transfer_id" IS NULL)),
	CONSTRAINT "advert_views_reward_positive" CHECK ("advert_views"."reward_kobo" IS NULL OR "advert_views"."reward_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "adverts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reward_kobo" bigint NOT NULL,
	"max_clicks" integer NOT NULL,
	"current_clicks" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"posted_by_admin_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adverts_reward_positive" CHECK ("adverts"."reward_kobo" > 0),
	CONSTRAINT "adverts_max_clicks_positive" CHECK ("adverts"."max_clicks" > 0),
	CONSTRAINT "adverts_clicks_within_max" CHECK ("adverts"."current_clicks" >= 0 AND "adverts"."current_clicks" <= "adverts"."max_clicks"),
	CONSTRAINT "adverts_title_present" CHECK (length(btrim("adverts"."title")) > 0),
	CONSTRAINT "adverts_image_https" CHECK ("adverts"."image_url" IS NULL OR "adverts"."image_url" LIKE 'https://%')
);
--> statement-breakpoint
ALTER TABLE "advert_views" ADD CONSTRAINT "advert_views_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advert_views" ADD CONSTRAINT "advert_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advert_views" ADD CONSTRAINT "advert_views_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_posted_by_admin_id_users_id_fk" FOREIGN KEY ("posted_by_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advert_views_advert_user_idx" ON "advert_views" USING btree ("advert_id","user_id");--> statement-breakpoint
CREATE INDEX "advert_views_user_day_idx" ON "advert_views" USING btree ("user_id","lagos_day");--> statement-breakpoint
CREATE INDEX "adverts_live_created_idx" ON "adverts" USING btree ("created_at") WHERE "adverts"."is_active";