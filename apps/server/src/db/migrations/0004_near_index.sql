-- Custom SQL migration file, put your code below! --
-- Near me (QUALITY B2): nearest-first scans with the list's filters tested inside the index. Sex and
-- birth date are btree_gist keys beside the cube point; id, latitude and longitude are included so the
-- members a deep page skips cost no table access. Over active members with a complete profile and a
-- position (the conditions every list adds).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE INDEX "users_near_idx" ON "users" USING gist (ll_to_earth("latitude", "longitude"), "sex", "date_of_birth") INCLUDE ("id", "latitude", "longitude") WHERE "users"."status" = 'active' AND "users"."latitude" IS NOT NULL AND "users"."first_name" IS NOT NULL AND "users"."first_name" <> '' AND "users"."sex" IS NOT NULL;
