-- A match going live is on by default (NOTIFICATION_KINDS_ON_BY_DEFAULT): a member who chose their
-- kinds before it existed gets it too, as a member who never chose does.
UPDATE "notification_settings"
SET "push_kinds" = "push_kinds" || '["live"]'::jsonb
WHERE NOT "push_kinds" ? 'live';
