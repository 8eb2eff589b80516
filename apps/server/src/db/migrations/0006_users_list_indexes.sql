-- Custom SQL migration file, put your code below! --
-- The default list (GET /api/users, QUALITY B1) and its capped count, over listed members (active, with a
-- complete profile: the conditions every list adds). The page walks the viewer's wanted sex in activity
-- order from the index alone (birth date and position included for the age and distance tests), so the
-- members it skips cost no table access; the count reads the wanted sex and age range from the index
-- alone (id, latitude and longitude included for the block and distance tests).
CREATE INDEX "users_listed_activity_idx" ON "users" USING btree ("sex", "last_activity" DESC NULLS LAST, "id" DESC) INCLUDE ("date_of_birth", "latitude", "longitude") WHERE "users"."status" = 'active' AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_listed_age_idx" ON "users" USING btree ("sex", "date_of_birth") INCLUDE ("id", "latitude", "longitude") WHERE "users"."status" = 'active' AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL;
