CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_post_author_idx" ON "comments" USING btree ("post_id","author_id");