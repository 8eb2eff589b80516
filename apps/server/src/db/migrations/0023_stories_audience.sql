CREATE TABLE "story_allowed" (
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "story_allowed_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "story_allowed" ADD CONSTRAINT "story_allowed_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_allowed" ADD CONSTRAINT "story_allowed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_allowed_user_idx" ON "story_allowed" USING btree ("user_id");