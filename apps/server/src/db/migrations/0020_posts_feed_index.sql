-- Custom SQL migration file, put your code below! --
-- The feed (GET /api/posts, QUALITY B8): the public, ready posts newest first, author included, so that
-- the feed's walk down them keeps the posts of the members near the viewer (a hash of their ids, built
-- once per page) without reading the table for the posts it skips (index-only, features/posts/feed/).
-- drizzle cannot declare INCLUDE columns.
CREATE INDEX "posts_feed_public_idx" ON "posts" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("author_id") WHERE "posts"."status" = 'ready' AND "posts"."visibility" = 'public';
