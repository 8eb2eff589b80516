import { publicNameOf } from '@motema/shared/member-name';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { getConversation } from '../../chat/conversations/conversations.service.ts';
import { isBlockedBetween } from '../../safety/safety.service.ts';
import { getMe } from '../../users/users.service.ts';
import type { PushJob, Told } from '../../../notification-port.ts';
import { contributionOf } from '../list/notification-sources.ts';
import { pushTopic } from './push-sender.service.ts';

/** A 404 of another feature's service: what the push was about is gone, or hidden from the member now. */
async function unlessGone<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 401)) return null;
    throw error;
  }
}

/** The member who did it, by their public name (Z2); none when gone, inactive, or blocked either way. */
async function actorFor(db: Db, userId: string, actorId: string): Promise<string | null> {
  const actor = await unlessGone(getMe(db, actorId));
  if (!actor || actor.status !== 'active') return null;
  if (await isBlockedBetween(db, userId, actorId)) return null;
  return publicNameOf(actor);
}

/**
 * What the job tells the member now, or null when nothing is left to tell: the messages were read
 * (on another device, or by replying), the conversation went with a block or a deletion; for the
 * other kinds, what their owner's contribution says (the other member was blocked or left, the post or
 * the comment was deleted, the payment is not theirs).
 */
export async function whatToTell(db: Db, job: PushJob, now: Date): Promise<Told | null> {
  const { userId, ref } = job;
  switch (job.kind) {
    case 'message': {
      // The conversation as the member sees it: none across a block or with an inactive member.
      const conversation = await unlessGone(getConversation(db, userId, ref));
      if (!conversation || conversation.row.unread === 0) return null;
      const last = conversation.lastMessage?.row;
      const theirs = last && last.senderId !== userId && !last.unsentAt ? last : null;
      return {
        subject: {
          kind: 'message',
          name: publicNameOf(conversation.row),
          text: theirs ? theirs.text : null,
          count: conversation.row.unread,
        },
        url: `/messages/${ref}`,
        tag: `message:${ref}`,
        count: conversation.row.unread,
        at: theirs?.createdAt ?? conversation.row.lastMessageAt ?? now,
        topic: pushTopic(ref),
      };
    }
    default:
      // The other kinds are told by the features that own them (notification-port.ts).
      return contributionOf(job.kind).tell(db, job, now, {
        actorName: (member, actor) => actorFor(db, member, actor),
        unlessGone,
      });
  }
}
