import type { NotificationContribution } from '../../notification-port.ts';
import { memberIdsBut } from './zone-members.repository.ts';
import { zoneAnswerSources, zonePostSources, zoneRequestSources } from './zones-notifications.policy.ts';
import { answerTold, postTold, requestTold } from './zones-notifications.repository.ts';

type Words = NotificationContribution['words'];

/**
 * A request's push words (`{name}`: who asks, `{zone}`: the zone's title), the first time and after
 * a reminder (`reminded`).
 */
const requestWords: Words = {
  en: {
    discreet: 'You have a new request to join a zone',
    told: {
      default: { title: '{name} asks to join {zone}', body: 'Accept or decline the request.' },
      reminded: { title: '{name} is still waiting to join {zone}', body: 'Accept or decline the request.' },
    },
  },
  fr: {
    discreet: 'Vous avez une nouvelle demande pour rejoindre une zone',
    told: {
      default: { title: '{name} demande à rejoindre {zone}', body: 'Acceptez ou refusez la demande.' },
      reminded: {
        title: '{name} attend toujours de rejoindre {zone}',
        body: 'Acceptez ou refusez la demande.',
      },
    },
  },
  ro: {
    discreet: 'Ai o cerere nouă de intrare într-o zonă',
    told: {
      default: { title: '{name} cere să intre în {zone}', body: 'Acceptă sau refuză cererea.' },
      reminded: { title: '{name} așteaptă încă să intre în {zone}', body: 'Acceptă sau refuză cererea.' },
    },
  },
};

/** An answer's push words: approved, declined, or declined with a reason (`{text}`). */
const answerWords: Words = {
  en: {
    discreet: 'News about your request to join a zone',
    told: {
      approved: { title: 'Welcome to {zone}!', body: 'Your request to join was accepted.' },
      declined: {
        title: 'Your request to join {zone} was declined',
        body: 'The zone’s admins did not accept it.',
      },
      declinedWithReason: { title: 'Your request to join {zone} was declined', body: 'Reason: {text}' },
    },
  },
  fr: {
    discreet: 'Du nouveau pour votre demande d’adhésion à une zone',
    told: {
      approved: { title: 'Bienvenue dans {zone}\u00a0!', body: 'Votre demande d’adhésion a été acceptée.' },
      declined: {
        title: 'Votre demande pour rejoindre {zone} a été refusée',
        body: 'Les administrateurs de la zone ne l’ont pas acceptée.',
      },
      declinedWithReason: {
        title: 'Votre demande pour rejoindre {zone} a été refusée',
        body: 'Motif\u00a0: {text}',
      },
    },
  },
  ro: {
    discreet: 'Noutăți despre cererea ta de intrare într-o zonă',
    told: {
      approved: { title: 'Bun venit în {zone}!', body: 'Cererea ta de intrare a fost acceptată.' },
      declined: {
        title: 'Cererea ta de a intra în {zone} a fost refuzată',
        body: 'Administratorii zonei nu au acceptat-o.',
      },
      declinedWithReason: { title: 'Cererea ta de a intra în {zone} a fost refuzată', body: 'Motiv: {text}' },
    },
  },
};

/** A zone's post's push words: with its text, or (`media`: a photo, a video...) without. */
const postWords: Words = {
  en: {
    discreet: 'New post in one of your zones',
    told: {
      default: { title: '{name} posted in {zone}', body: '{text}' },
      media: { title: '{name} posted in {zone}', body: 'See the new post.' },
    },
  },
  fr: {
    discreet: 'Nouvelle publication dans une de vos zones',
    told: {
      default: { title: '{name} a publié dans {zone}', body: '{text}' },
      media: { title: '{name} a publié dans {zone}', body: 'Découvrez la nouvelle publication.' },
    },
  },
  ro: {
    discreet: 'Postare nouă într-una dintre zonele tale',
    told: {
      default: { title: '{name} a postat în {zone}', body: '{text}' },
      media: { title: '{name} a postat în {zone}', body: 'Vezi postarea nouă.' },
    },
  },
};

/**
 * The zones' kinds of notification (the notification port). Each push re-reads, when it runs, the
 * member's place in the zone (a zone they left, were removed from, or no longer run tells nothing)
 * and, through `actorName`, the member it names (none across a block, nor once inactive).
 */
export const zonesNotifications: NotificationContribution[] = [
  {
    // A member asks to join a private zone (or reminds of it, at most once a day): its admins and
    // managers are told; a zone's requests replace each other on the lock screen, the list is on its
    // waiting page.
    kind: 'zoneRequest',
    sources: zoneRequestSources,
    words: requestWords,
    async tell(db, { userId, ref, by }, now, { actorName }) {
      const request = by ? await requestTold(db, ref, userId, by) : null;
      const name = by && request && (await actorName(userId, by));
      if (!request || !name) return null;
      return {
        subject: {
          kind: 'zoneRequest',
          name,
          zone: request.title,
          variant: request.remindedAt ? 'reminded' : 'default',
        },
        url: `/zone/${ref}/members`,
        tag: `zoneRequest:${ref}`,
        count: 1,
        at: now,
      };
    },
    trigger: (events, push) =>
      events.on('zone.requested', ({ zoneId, userId, moderatorIds }) =>
        push(
          moderatorIds.map((moderatorId) => ({
            userId: moderatorId,
            kind: 'zoneRequest',
            ref: zoneId,
            by: userId,
          })),
        ),
      ),
  },
  {
    // The applicant's request approved or declined (a decline's reason, if any, in the body).
    kind: 'zoneAnswer',
    sources: zoneAnswerSources,
    words: answerWords,
    async tell(db, { userId, ref }, now) {
      const answer = await answerTold(db, ref, userId);
      if (!answer) return null;
      const told = answer.approved
        ? { variant: 'approved' }
        : answer.reason
          ? { variant: 'declinedWithReason', text: answer.reason }
          : { variant: 'declined' };
      return {
        subject: { kind: 'zoneAnswer', zone: answer.title, ...told },
        url: `/zone/${ref}`,
        tag: `zoneAnswer:${ref}`,
        count: 1,
        at: now,
      };
    },
    trigger: (events, push) =>
      events.on('zone.answered', ({ zoneId, userId }) => push({ userId, kind: 'zoneAnswer', ref: zoneId })),
  },
  {
    // A new post in a zone the member is in, not theirs: a zone's posts replace each other on the
    // lock screen (one tag a zone), and count once an hour against the limit as other tags do.
    // The job carries the zone (`{zoneId}:{postId}`), as the list's entry does.
    kind: 'zonePost',
    sources: zonePostSources,
    words: postWords,
    async tell(db, { userId, ref, by }, now, { actorName }) {
      const [zoneId, postId] = ref.split(':');
      const post = by && zoneId && postId ? await postTold(db, zoneId, postId, userId) : null;
      const name = by && post && (await actorName(userId, by));
      if (!post || !name) return null;
      return {
        subject: post.text
          ? { kind: 'zonePost', name, zone: post.title, text: post.text }
          : { kind: 'zonePost', name, zone: post.title, variant: 'media' },
        url: `/post/${postId}`,
        tag: `zonePost:${zoneId}`,
        count: 1,
        at: now,
      };
    },
    trigger: (events, push, db) =>
      events.on('zone.posted', async ({ zoneId, postId, authorId }) => {
        const memberIds = await memberIdsBut(db, zoneId, authorId);
        await push(
          memberIds.map((userId) => ({ userId, kind: 'zonePost', ref: `${zoneId}:${postId}`, by: authorId })),
        );
      }),
  },
];
