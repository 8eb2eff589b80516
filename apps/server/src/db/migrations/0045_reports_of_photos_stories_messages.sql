ALTER TABLE "reports" DROP CONSTRAINT "reports_one_target_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_member_or_zone_check";--> statement-breakpoint
DROP INDEX "reports_open_member_key";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "story_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_photo_key" ON "reports" USING btree ("reporter_id","photo_id") WHERE "reports"."status" = 'open' AND "reports"."photo_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_story_key" ON "reports" USING btree ("reporter_id","story_id") WHERE "reports"."status" = 'open' AND "reports"."story_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_message_key" ON "reports" USING btree ("reporter_id","message_id") WHERE "reports"."status" = 'open' AND "reports"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_member_key" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."status" = 'open' AND num_nonnulls("reports"."post_id", "reports"."comment_id", "reports"."photo_id", "reports"."story_id", "reports"."message_id") = 0;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target_check" CHECK (num_nonnulls("reports"."post_id", "reports"."comment_id", "reports"."photo_id", "reports"."story_id", "reports"."message_id") <= 1);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_or_zone_check" CHECK ("reports"."zone_id" IS NULL OR ("reports"."reported_id" IS NULL AND num_nonnulls("reports"."post_id", "reports"."comment_id", "reports"."photo_id", "reports"."story_id", "reports"."message_id") = 0));