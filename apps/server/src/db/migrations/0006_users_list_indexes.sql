-- Custom SQL migration file, put your code below! --
-- The default list (GET /api/users, QUALITY B1) and its capped count, over listed members (active, with a
-- complete profile: the conditions every list adds). The page walks the viewer's wanted sex in activity
-- order, so the members it skips are of that sex only; the count reads the wanted sex and age range
-- from the index alone (id, latitude and longitude included for the block and distance tests).
CREATE INDEX "users_listed_activity_idx" ON "users" USING btree ("sex", "last_activity" DESC NULLS LAST, "id" DESC) WHERE "users"."status" = 'active' AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_listed_age_idx" ON "users" USING btree ("sex", "date_of_birth") INCLUDE ("id", "latitude", "longitude") WHERE "users"."status" = 'active' AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL;
