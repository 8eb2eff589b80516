ALTER TABLE "reports" ALTER COLUMN "reported_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "zone_id" uuid;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_zone_key" ON "reports" USING btree ("reporter_id","zone_id") WHERE "reports"."status" = 'open' AND "reports"."zone_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "zones_place_idx" ON "zones" USING gist (ll_to_earth("latitude", "longitude")) WHERE "zones"."latitude" IS NOT NULL AND "zones"."longitude" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_or_zone_check" CHECK (("reports"."reported_id" IS NULL) = ("reports"."zone_id" IS NOT NULL) AND ("reports"."zone_id" IS NULL OR ("reports"."post_id" IS NULL AND "reports"."comment_id" IS NULL)));