ALTER TABLE "campaigns" ADD COLUMN "check_question" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "check_answer" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "check_wrong_answers" text[];--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_check_complete" CHECK (("campaigns"."check_question" IS NULL) = ("campaigns"."check_answer" IS NULL) AND ("campaigns"."check_question" IS NULL) = ("campaigns"."check_wrong_answers" IS NULL) AND ("campaigns"."check_wrong_answers" IS NULL OR cardinality("campaigns"."check_wrong_answers") = 3));