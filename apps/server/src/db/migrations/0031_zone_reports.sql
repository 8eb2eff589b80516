ALTER TABLE "reports" ALTER COLUMN "reported_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "zone_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_zone_key" ON "reports" USING btree ("reporter_id","zone_id") WHERE "reports"."status" = 'open' AND "reports"."zone_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_or_zone_check" CHECK (("reports"."reported_id" IS NULL) = ("reports"."zone_id" IS NOT NULL) AND ("reports"."zone_id" IS NULL OR ("reports"."post_id" IS NULL AND "reports"."comment_id" IS NULL)));