import { publicNameOf } from '@motema/shared/member-name';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findOwnPayment } from '../../billing/payments/payments.service.ts';
import { getConversation } from '../../chat/conversations/conversations.service.ts';
import { reachComment } from '../../posts/comments/comments.service.ts';
import { reachPost } from '../../posts/post-access.service.ts';
import { isBlockedBetween } from '../../safety/safety.service.ts';
import { getMe } from '../../users/users.service.ts';
import type { PushJob } from '../push-jobs.ts';
import { pushTopic } from './push-sender.service.ts';
import type { PushSubject } from './push-texts.ts';

/**
 * What a push job tells, read when it runs (not when it was sent): `tag` is what it replaces on the
 * lock screen and what the hourly limit counts, `url` the page a tap opens, `count` how many things
 * it stands for, `topic` what it replaces at the push service while undelivered.
 */
export type Told = {
  subject: PushSubject;
  url: string;
  tag: string;
  count: number;
  at: Date;
  topic?: string;
};

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
 * (on another device, or by replying), the conversation went with a block or a deletion, the other
 * member was blocked or left, the post or the comment was deleted, the payment is not theirs.
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
    case 'match':
    case 'like':
    case 'visit': {
      const name = await actorFor(db, userId, ref);
      if (!name) return null;
      return {
        subject: { kind: job.kind, name },
        url: `/profile/${ref}`,
        tag: `${job.kind}:${ref}`,
        count: 1,
        at: now,
      };
    }
    case 'request': {
      const post = await unlessGone(reachPost(db, userId, ref));
      const name = job.by && post?.access === 'author' ? await actorFor(db, userId, job.by) : null;
      if (!name) return null;
      // A post's requests replace each other on the lock screen: the list is on the post.
      return {
        subject: { kind: 'request', name },
        url: `/post/${ref}`,
        tag: `request:${ref}`,
        count: 1,
        at: now,
      };
    }
    case 'comment': {
      const found = await unlessGone(reachComment(db, userId, ref));
      const name = found && (await actorFor(db, userId, found.comment.authorId));
      if (!found || !name) return null;
      const { postId, text, createdAt } = found.comment;
      return {
        subject: { kind: 'comment', name, text },
        url: `/post/${postId}`,
        tag: `comment:${postId}`,
        count: 1,
        at: createdAt,
      };
    }
    case 'payment': {
      const payment = await unlessGone(findOwnPayment(db, userId, ref));
      if (!payment || (payment.status !== 'SUCCESS' && payment.status !== 'FAILED')) return null;
      return {
        subject: { kind: 'payment', succeeded: payment.status === 'SUCCESS' },
        url: '/premium/subscriptions',
        tag: `payment:${ref}`,
        count: 1,
        at: now,
      };
    }
  }
}
