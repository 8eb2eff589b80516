import { MATCH_MIN_SCORE } from '@motema/shared/discovery';
import type { NotificationContribution, PushJob, TellHelpers, Told } from '../../notification-port.ts';
import { likeSources, matchSources, visitSources } from './discovery-notifications.policy.ts';

/** A push about the member `job.ref` (who matched, liked or visited): their profile opens on a tap. */
async function tellAboutMember(
  job: PushJob & { kind: 'match' | 'like' | 'visit' },
  now: Date,
  { actorName }: TellHelpers,
): Promise<Told | null> {
  const name = await actorName(job.userId, job.ref);
  if (!name) return null;
  return {
    subject: { kind: job.kind, name },
    url: `/profile/${job.ref}`,
    tag: `${job.kind}:${job.ref}`,
    count: 1,
    at: now,
  };
}

/** The push words of a match, a like and a visit (`{name}`: who did it). */
const words: Record<'match' | 'like' | 'visit', NotificationContribution['words']> = {
  match: {
    en: {
      discreet: 'You have a new match',
      told: { default: { title: 'It’s a match!', body: 'You and {name} like each other. Say hello!' } },
    },
    fr: {
      discreet: 'Vous avez un nouveau match',
      told: {
        default: {
          title: 'C’est un match\u00a0!',
          body: 'Vous vous plaisez, {name} et vous. Dites bonjour\u00a0!',
        },
      },
    },
    ro: {
      discreet: 'Ai un match nou',
      told: { default: { title: 'Aveți un match!', body: 'Tu și {name} vă plăceți. Spune-i salut!' } },
    },
  },
  like: {
    en: {
      discreet: 'Someone likes you',
      told: { default: { title: '{name} likes you', body: 'Have a look at their profile.' } },
    },
    fr: {
      discreet: 'Quelqu’un vous apprécie',
      told: { default: { title: '{name} vous apprécie', body: 'Allez voir son profil.' } },
    },
    ro: {
      discreet: 'Cuiva îi placi',
      told: { default: { title: 'Îi placi lui {name}', body: 'Aruncă o privire la profilul său.' } },
    },
  },
  visit: {
    en: {
      discreet: 'Someone visited your profile',
      told: { default: { title: '{name} visited your profile', body: 'See who is interested in you.' } },
    },
    fr: {
      discreet: 'Quelqu’un a visité votre profil',
      told: { default: { title: '{name} a visité votre profil', body: 'Découvrez qui s’intéresse à vous.' } },
    },
    ro: {
      discreet: 'Cineva ți-a vizitat profilul',
      told: { default: { title: '{name} ți-a vizitat profilul', body: 'Vezi cine este interesat de tine.' } },
    },
  },
};

/**
 * Discovery's kinds of notification (the notification port): a match (both members are told), a
 * like (a rating high enough to match with), a visit of the member's profile.
 */
export const discoveryNotifications: NotificationContribution[] = [
  {
    kind: 'match',
    urgent: true,
    sources: matchSources,
    words: words.match,
    tell: (_db, job, now, helpers) => tellAboutMember({ ...job, kind: 'match' }, now, helpers),
    trigger: (events, push) =>
      events.on('match.made', async ({ match }) => {
        await push({ userId: match.userA, kind: 'match', ref: match.userB });
        await push({ userId: match.userB, kind: 'match', ref: match.userA });
      }),
  },
  {
    kind: 'like',
    sources: likeSources,
    words: words.like,
    tell: (_db, job, now, helpers) => tellAboutMember({ ...job, kind: 'like' }, now, helpers),
    trigger: (events, push) =>
      events.on('rating.given', async ({ raterId, ratedId, score }) => {
        if (score >= MATCH_MIN_SCORE) await push({ userId: ratedId, kind: 'like', ref: raterId });
      }),
  },
  {
    kind: 'visit',
    sources: visitSources,
    words: words.visit,
    tell: (_db, job, now, helpers) => tellAboutMember({ ...job, kind: 'visit' }, now, helpers),
    trigger: (events, push) =>
      events.on('visit.recorded', ({ visitorId, visitedId }) =>
        push({ userId: visitedId, kind: 'visit', ref: visitorId }),
      ),
  },
];
