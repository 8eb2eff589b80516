ALTER TABLE "posts" ADD COLUMN "zone_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_zone_idx" ON "posts" USING btree ("zone_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."zone_id" IS NOT NULL;--> statement-breakpoint
-- A zone's posts are never in the general feed (GET /api/posts, QUALITY B8): its walk down every ready
-- post newest first leaves them out by the index's predicate, which the feed's queries repeat
-- (features/posts/feed/). drizzle cannot declare INCLUDE columns.
DROP INDEX IF EXISTS "posts_feed_ready_idx";--> statement-breakpoint
CREATE INDEX "posts_feed_ready_idx" ON "posts" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("author_id", "visibility") WHERE "posts"."status" = 'ready' AND "posts"."zone_id" IS NULL;
