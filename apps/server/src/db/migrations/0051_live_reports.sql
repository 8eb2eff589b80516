ALTER TABLE "reports" DROP CONSTRAINT "reports_one_target_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_member_or_zone_check";--> statement-breakpoint
DROP INDEX "reports_open_member_key";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "live_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_live_key" ON "reports" USING btree ("reporter_id","live_id") WHERE "reports"."status" = 'open' AND "reports"."live_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_member_key" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."status" = 'open' AND num_nonnulls("reports"."post_id", "reports"."comment_id", "reports"."photo_id", "reports"."story_id", "reports"."message_id", "reports"."live_id") = 0;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target_check" CHECK (num_nonnulls("reports"."post_id", "reports"."comment_id", "reports"."photo_id", "reports"."story_id", "reports"."message_id", "reports"."live_id") <= 1);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_or_zone_check" CHECK ("reports"."zone_id" IS NULL OR ("reports"."reported_id" IS NULL AND num_nonnulls("reports"."post_id", "reports"."comment_id", "reports"."photo_id", "reports"."story_id", "reports"."message_id", "reports"."live_id") = 0));