ALTER TABLE "zone_members" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "zone_declines_user_idx" ON "zone_declines" USING btree ("user_id","declined_at");