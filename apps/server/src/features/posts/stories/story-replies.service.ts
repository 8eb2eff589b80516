import type { StoryReply } from '@motema/shared/story-replies';
import type { AppEventPort } from '../../../app-events.ts';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../lib/app-error.ts';
import type { RateLimiter } from '../../../lib/rate-limiter.ts';
import { startConversation } from '../../chat/conversations/conversations.service.ts';
import type { MessageView } from '../../chat/messages/message-views.service.ts';
import { screenSend, type ShieldDeps } from '../../chat/scam-shield/shield.service.ts';
import { announceStored, storeMessage } from '../../chat/send/chat-send.service.ts';
import { reachStory } from './stories.service.ts';

export type StoryReplyDeps = { db: Db; events: AppEventPort; limiter: RateLimiter } & ShieldDeps;

/**
 * POST /api/stories/{id}/replies: a reply to a story is a chat message to its author, sent only while
 * the replier may see the story (stories.policy.ts: its audience, a block, its end; 404
 * story_not_found otherwise, as every story route). Then the chat's own rules apply unchanged: the
 * conversation found or started (the paywall's 402), the message stored once per client id (a retry
 * finds it), the scam shield, the member's message limit, both members' devices told. The message keeps which story it
 * answers: both members see its picture beside the text while it lasts (chat's message_stories).
 */
export async function replyToStory(
  deps: StoryReplyDeps,
  replierId: string,
  storyId: string,
  input: StoryReply,
): Promise<{ conversationId: string; message: MessageView }> {
  const { story } = await reachStory(deps.db, replierId, storyId);
  if (story.authorId === replierId) throw badRequest('self_not_allowed');
  const conversation = await startConversation(deps, replierId, story.authorId);
  const send = {
    clientId: input.clientId,
    conversationId: conversation.row.id,
    text: input.text,
    confirmed: input.confirmed,
  };
  const replied = { storyId: story.id, itemId: story.itemId, endsAt: story.expiresAt };
  // The chat's scam shield as for any message (docs/scam-shield.md); a held reply keeps its text only.
  const families = await screenSend(deps, replierId, send);
  const stored = await storeMessage(deps, replierId, send, replied, families);
  return {
    conversationId: send.conversationId,
    message: await announceStored(deps, replierId, send, stored),
  };
}
