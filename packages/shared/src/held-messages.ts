import { z } from 'zod';
import { SCAM_FAMILIES } from './scam-shield.ts';
import { LimitSchema, SkipSchema } from './paging.ts';

/**
 * The moderation console's queue of held messages (docs/scam-shield.md): what a restricted member
 * (users.restricted_until) sent to members who had not answered them, stored and delivered to nobody
 * until staff release it (it is then sent) or drop it.
 */
const HeldMemberSchema = z.object({ _id: z.string(), username: z.string() });

export const HeldMessageSchema = z.object({
  _id: z.string(),
  conversation: z.object({ _id: z.string() }),
  sender: HeldMemberSchema,
  recipient: HeldMemberSchema,
  text: z.string().nullable(),
  /** How many files the message carries (staff see them once released, as members do). */
  files: z.int(),
  families: z.array(z.enum(SCAM_FAMILIES)),
  createdAt: z.string(),
});
export type HeldMessage = z.infer<typeof HeldMessageSchema>;

/** GET /api/moderation/held-messages: oldest first. */
export const HeldMessagesQuerySchema = z.object({ skip: SkipSchema, limit: LimitSchema.default(50) });
export type HeldMessagesQuery = z.infer<typeof HeldMessagesQuerySchema>;
export const HeldMessageListSchema = z.object({ heldMessages: z.array(HeldMessageSchema), count: z.int() });
export type HeldMessageList = z.infer<typeof HeldMessageListSchema>;

/** POST /api/moderation/held-messages/{id}: deliver it now, or drop it. */
export const HELD_DECISIONS = ['release', 'drop'] as const;
export const HeldDecisionSchema = z.object({ decision: z.enum(HELD_DECISIONS, { error: 'invalid_value' }) });
export type HeldDecision = z.infer<typeof HeldDecisionSchema>;
