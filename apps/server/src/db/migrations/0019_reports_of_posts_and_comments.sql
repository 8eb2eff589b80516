DROP INDEX "reports_open_pair_key";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_member_key" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."status" = 'open' AND "reports"."post_id" IS NULL AND "reports"."comment_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_post_key" ON "reports" USING btree ("reporter_id","post_id") WHERE "reports"."status" = 'open' AND "reports"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_comment_key" ON "reports" USING btree ("reporter_id","comment_id") WHERE "reports"."status" = 'open' AND "reports"."comment_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target_check" CHECK ("reports"."post_id" IS NULL OR "reports"."comment_id" IS NULL);