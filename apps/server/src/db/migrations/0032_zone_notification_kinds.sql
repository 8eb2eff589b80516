-- The zones' kinds of notification are on by default (NOTIFICATION_KINDS_ON_BY_DEFAULT): a member who
-- chose their kinds before these existed gets them too, as a member who never chose does.
UPDATE "notification_settings"
SET "push_kinds" = "push_kinds" || '["zoneRequest", "zoneAnswer", "zonePost"]'::jsonb
WHERE NOT "push_kinds" ? 'zoneRequest';
