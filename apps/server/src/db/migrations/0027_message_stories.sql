CREATE TABLE "message_stories" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"story_id" uuid,
	"item_id" uuid,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_stories" ADD CONSTRAINT "message_stories_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stories" ADD CONSTRAINT "message_stories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stories" ADD CONSTRAINT "message_stories_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_stories_story_idx" ON "message_stories" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "message_stories_item_idx" ON "message_stories" USING btree ("item_id");