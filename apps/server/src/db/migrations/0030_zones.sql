CREATE TABLE "zone_bans" (
	"zone_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"banned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "zone_bans_zone_id_user_id_pk" PRIMARY KEY("zone_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "zone_declines" (
	"zone_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"declined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "zone_declines_zone_id_user_id_pk" PRIMARY KEY("zone_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "zone_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "zone_invites_uses_check" CHECK ("zone_invites"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "zone_members" (
	"zone_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_reminder_at" timestamp with time zone,
	CONSTRAINT "zone_members_zone_id_user_id_pk" PRIMARY KEY("zone_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_item_id" uuid,
	"access" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_members_check" CHECK ("zones"."members" >= 0)
);
--> statement-breakpoint
ALTER TABLE "zone_bans" ADD CONSTRAINT "zone_bans_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_bans" ADD CONSTRAINT "zone_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_declines" ADD CONSTRAINT "zone_declines_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_declines" ADD CONSTRAINT "zone_declines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_invites" ADD CONSTRAINT "zone_invites_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_invites" ADD CONSTRAINT "zone_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_members" ADD CONSTRAINT "zone_members_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_members" ADD CONSTRAINT "zone_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_cover_item_id_media_items_id_fk" FOREIGN KEY ("cover_item_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zone_invites_token_key" ON "zone_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "zone_invites_zone_idx" ON "zone_invites" USING btree ("zone_id","created_at");--> statement-breakpoint
CREATE INDEX "zone_members_user_idx" ON "zone_members" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "zone_members_role_idx" ON "zone_members" USING btree ("zone_id","role","since");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_name_lower_key" ON "zones" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "zones_title_trgm_idx" ON "zones" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "zones_name_trgm_idx" ON "zones" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "zones_suggestions_idx" ON "zones" USING btree ("language","members" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "zones_popular_idx" ON "zones" USING btree ("members" DESC NULLS FIRST,"id");