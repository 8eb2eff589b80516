import type { NotificationContribution } from '../../notification-port.ts';
import { reachComment } from './comments/comments.service.ts';
import { reachPost } from './post-access.service.ts';
import { commentSources, requestSources } from './posts-notifications.policy.ts';

/** The push words of a request (`{name}`: who asks) and a comment (`{text}`: what they wrote). */
const words: Record<'request' | 'comment', NotificationContribution['words']> = {
  request: {
    en: {
      discreet: 'You have a new request',
      told: { default: { title: '{name} asks to see your post', body: 'Accept or decline the request.' } },
    },
    fr: {
      discreet: 'Vous avez une nouvelle demande',
      told: {
        default: {
          title: '{name} demande à voir votre publication',
          body: 'Acceptez ou refusez la demande.',
        },
      },
    },
    ro: {
      discreet: 'Ai o cerere nouă',
      told: { default: { title: '{name} cere să vadă postarea ta', body: 'Acceptă sau refuză cererea.' } },
    },
  },
  comment: {
    en: {
      discreet: 'You have a new comment',
      told: { default: { title: '{name} commented on your post', body: '{text}' } },
    },
    fr: {
      discreet: 'Vous avez un nouveau commentaire',
      told: { default: { title: '{name} a commenté votre publication', body: '{text}' } },
    },
    ro: {
      discreet: 'Ai un comentariu nou',
      told: { default: { title: '{name} a comentat postarea ta', body: '{text}' } },
    },
  },
};

/**
 * The posts' kinds of notification (the notification port): a permission request on the member's
 * private post (its author is told), a comment on their post or a reply to their comment (each
 * receiver the comment's event names).
 */
export const postsNotifications: NotificationContribution[] = [
  {
    kind: 'request',
    sources: requestSources,
    words: words.request,
    async tell(db, { userId, ref, by }, now, { actorName, unlessGone }) {
      const post = await unlessGone(reachPost(db, userId, ref));
      const name = by && post?.access === 'author' ? await actorName(userId, by) : null;
      if (!name) return null;
      // A post's requests replace each other on the lock screen: the list is on the post.
      return {
        subject: { kind: 'request', name },
        url: `/post/${ref}`,
        tag: `request:${ref}`,
        count: 1,
        at: now,
      };
    },
    trigger: (events, push) =>
      events.on('post.requested', ({ postId, authorId, requester }) =>
        push({ userId: authorId, kind: 'request', ref: postId, by: requester.id }),
      ),
  },
  {
    kind: 'comment',
    sources: commentSources,
    words: words.comment,
    async tell(db, { userId, ref }, _now, { actorName, unlessGone }) {
      const found = await unlessGone(reachComment(db, userId, ref));
      const name = found && (await actorName(userId, found.comment.authorId));
      if (!found || !name) return null;
      const { postId, text, createdAt } = found.comment;
      return {
        subject: { kind: 'comment', name, text },
        url: `/post/${postId}`,
        tag: `comment:${postId}`,
        count: 1,
        at: createdAt,
      };
    },
    trigger: (events, push) =>
      events.on('post.commented', async ({ comment, receiverIds }) => {
        for (const userId of receiverIds) await push({ userId, kind: 'comment', ref: comment.comment.id });
      }),
  },
];
