import type { ReactionEmoji } from '@motema/shared/chat';
import type { AppEventPort } from '../../../app-events.ts';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { isHiddenBy } from './message-actions.repository.ts';
import { target } from './message-actions.service.ts';
import * as reactionsRepo from './message-reactions.repository.ts';
import { messageFor, type MessageView } from './message-views.service.ts';

/**
 * A member's reaction on a message of their conversation (`emoji`), or none (null): one per member
 * and message, a new one replacing theirs. The same rules as the other actions on a message: a
 * stranger's or hidden message is 404 `message_not_found`, a block either way 403 `chat_blocked`, a
 * removed message 400 `message_not_editable`. After the commit both members who see the message are
 * told its reactions (`message.reactions`); nobody is sent a push for a reaction.
 */
export async function reactToMessage(
  deps: { db: Db; events: AppEventPort },
  viewerId: string,
  messageId: string,
  emoji: ReactionEmoji | null,
): Promise<MessageView> {
  const { db } = deps;
  const found = await db.transaction(async (tx) => {
    const found = await target(tx, viewerId, messageId);
    if (found.unsent) throw badRequest('message_not_editable');
    if (emoji) await reactionsRepo.upsertReaction(tx, found.id, viewerId, emoji, clock.now());
    else await reactionsRepo.deleteReaction(tx, found.id, viewerId);
    return found;
  });
  const [reactions, hiddenForThem] = await Promise.all([
    reactionsRepo.reactionsOf(db, [found.id]),
    isHiddenBy(db, found.id, found.otherId),
  ]);
  await deps.events.emit('message.reactions', {
    conversationId: found.conversationId,
    messageId: found.id,
    userIds: hiddenForThem ? [viewerId] : [viewerId, found.otherId],
    reactions: reactions.map(({ userId, emoji }) => ({ userId, emoji })),
  });
  return messageFor(db, viewerId, found.id);
}
