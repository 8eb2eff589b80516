-- Custom SQL migration file, put your code below! --
-- Discreet mode is one setting, users.discreet (docs/discreet-mode.md): a member who chose discreet pushes
-- in Settings > Notifications keeps that choice as their discreet mode. The next migration drops the old
-- column of notification_settings.
UPDATE "users" SET "discreet" = true FROM "notification_settings"
  WHERE "notification_settings"."user_id" = "users"."id" AND "notification_settings"."discreet";
--> statement-breakpoint
-- The discovery lists of members show no member in discreet mode nor one a moderator asked to verify: the
-- lists' partial indexes (0004_near_index.sql, 0006_users_list_indexes.sql) leave them out too, so the
-- lists' conditions still imply their predicates. `verified_at` is included for the viewers who want
-- verified members only: their pages are still read from the index alone.
DROP INDEX IF EXISTS "users_listed_activity_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_listed_age_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_near_idx";
--> statement-breakpoint
CREATE INDEX "users_listed_activity_idx" ON "users" USING btree ("sex", "last_activity" DESC NULLS LAST, "id" DESC) INCLUDE ("date_of_birth", "latitude", "longitude", "verified_at") WHERE "users"."status" = 'active' AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL AND NOT "users"."discreet" AND NOT "users"."verification_required";
--> statement-breakpoint
CREATE INDEX "users_listed_age_idx" ON "users" USING btree ("sex", "date_of_birth") INCLUDE ("id", "latitude", "longitude", "verified_at") WHERE "users"."status" = 'active' AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL AND NOT "users"."discreet" AND NOT "users"."verification_required";
--> statement-breakpoint
CREATE INDEX "users_near_idx" ON "users" USING gist (ll_to_earth("latitude", "longitude"), "sex", "date_of_birth") INCLUDE ("id", "latitude", "longitude", "verified_at") WHERE "users"."status" = 'active' AND "users"."latitude" IS NOT NULL AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL AND NOT "users"."discreet" AND NOT "users"."verification_required";
