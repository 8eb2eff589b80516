-- Custom SQL migration file, put your code below! ---- The feed (GET /api/posts, QUALITY B8) shows the near members' private posts too, locked for a viewer
-- not on their allow list (that they exist, never their content): its walk goes down every ready post
-- newest first, author and visibility included (index-only, features/posts/feed/), in place of the
-- public posts' index of 0020. drizzle cannot declare INCLUDE columns.
CREATE INDEX "posts_feed_ready_idx" ON "posts" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("author_id", "visibility") WHERE "posts"."status" = 'ready';--> statement-breakpoint
DROP INDEX IF EXISTS "posts_feed_public_idx";
