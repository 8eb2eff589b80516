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

/**
 * Discovery's kinds of notification (the notification port): a match (both members are told), a
 * like (a rating high enough to match with), a visit of the member's profile.
 */
export const discoveryNotifications: NotificationContribution[] = [
  {
    kind: 'match',
    sources: matchSources,
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
    tell: (_db, job, now, helpers) => tellAboutMember({ ...job, kind: 'like' }, now, helpers),
    trigger: (events, push) =>
      events.on('rating.given', async ({ raterId, ratedId, score }) => {
        if (score >= MATCH_MIN_SCORE) await push({ userId: ratedId, kind: 'like', ref: raterId });
      }),
  },
  {
    kind: 'visit',
    sources: visitSources,
    tell: (_db, job, now, helpers) => tellAboutMember({ ...job, kind: 'visit' }, now, helpers),
    trigger: (events, push) =>
      events.on('visit.recorded', ({ visitorId, visitedId }) =>
        push({ userId: visitedId, kind: 'visit', ref: visitorId }),
      ),
  },
];
