-- Conversations begun before `first_received_at` existed: each member's first message received from
-- the other member, so that nobody who has been written to meets the paywall in that conversation.
UPDATE "conversation_members" cm
SET "first_received_at" = first.at
FROM (
  SELECT m.conversation_id, me.user_id, min(m.created_at) AS at
  FROM "messages" m
  JOIN "conversation_members" me ON me.conversation_id = m.conversation_id AND me.user_id <> m.sender_id
  GROUP BY m.conversation_id, me.user_id
) first
WHERE cm.conversation_id = first.conversation_id AND cm.user_id = first.user_id
  AND cm.first_received_at IS NULL;
