-- The members the devices name today are their first known members (device_members, docs/partnership.md).
INSERT INTO "device_members" ("device_id", "user_id", "first_seen_at")
SELECT "id", "user_id", "updated_at" FROM "devices" WHERE "user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
