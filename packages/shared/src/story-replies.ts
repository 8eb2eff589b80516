import { z } from 'zod';
import { EditMessageSchema, MessageSchema, SendMessageSchema } from './chat.ts';

/**
 * POST /api/stories/{id}/replies: a reply to a story is a chat message to its author, sent by the
 * server once the story's audience allows the replier (stories.policy.ts). `clientId` is made once by
 * the replier's app and reused on a retry, as a chat message's (C1); the text follows a message's rules.
 */
export const StoryReplySchema = z.object({
  clientId: z.uuid({ error: 'invalid_value' }),
  text: EditMessageSchema.shape.text,
  /** As a message's: sent anyway after "review before you send". */
  confirmed: SendMessageSchema.shape.confirmed,
});
export type StoryReply = z.infer<typeof StoryReplySchema>;

/** The conversation the reply went to, and the message as its sender sees it. */
export const StoryReplyResultSchema = z.object({
  conversation: z.object({ _id: z.string() }),
  message: MessageSchema,
});
export type StoryReplyResult = z.infer<typeof StoryReplyResultSchema>;
