CREATE TABLE "held_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"text" text,
	"file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"reply_to_id" uuid,
	"families" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_shields" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"families" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_shields" ADD CONSTRAINT "message_shields_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_messages_sender_client_key" ON "held_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "held_messages_created_at_idx" ON "held_messages" USING btree ("created_at");