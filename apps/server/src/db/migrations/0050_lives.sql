CREATE TABLE "live_frames" (
	"live_id" uuid NOT NULL,
	"key" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_frames_live_id_key_pk" PRIMARY KEY("live_id","key")
);
--> statement-breakpoint
CREATE TABLE "live_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'shown' NOT NULL,
	"families" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_messages_status_check" CHECK ("live_messages"."status" IN ('shown', 'held', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "live_viewers" (
	"live_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'viewer' NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_viewers_live_id_user_id_pk" PRIMARY KEY("live_id","user_id"),
	CONSTRAINT "live_viewers_role_check" CHECK ("live_viewers"."role" IN ('viewer', 'moderator'))
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broadcaster_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"audience" text NOT NULL,
	"audio_only" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'starting' NOT NULL,
	"end_reason" text,
	"node" text,
	"viewers" integer DEFAULT 0 NOT NULL,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"kept_post_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"on_air_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "lives_audience_check" CHECK ("lives"."audience" IN ('everyone', 'matches')),
	CONSTRAINT "lives_status_check" CHECK ("lives"."status" IN ('starting', 'live', 'ended')),
	CONSTRAINT "lives_end_check" CHECK (("lives"."status" = 'ended') = ("lives"."ended_at" IS NOT NULL AND "lives"."end_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "live_frames" ADD CONSTRAINT "live_frames_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_broadcaster_id_users_id_fk" FOREIGN KEY ("broadcaster_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_kept_post_id_posts_id_fk" FOREIGN KEY ("kept_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_frames_taken_idx" ON "live_frames" USING btree ("live_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_messages_sender_client_key" ON "live_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "live_messages_live_idx" ON "live_messages" USING btree ("live_id","created_at");--> statement-breakpoint
CREATE INDEX "live_viewers_user_idx" ON "live_viewers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lives_broadcaster_open_key" ON "lives" USING btree ("broadcaster_id") WHERE "lives"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "lives_on_air_idx" ON "lives" USING btree ("viewers" DESC NULLS LAST,"started_at" DESC NULLS LAST) WHERE "lives"."status" = 'live';--> statement-breakpoint
CREATE INDEX "lives_broadcaster_idx" ON "lives" USING btree ("broadcaster_id","started_at");