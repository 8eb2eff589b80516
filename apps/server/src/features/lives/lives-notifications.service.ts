import type { NotificationContribution } from '../../notification-port.ts';
import { liveRoleOf } from './lives.policy.ts';
import * as repo from './lives.repository.ts';

/** A match's live's push words (`{name}`: the broadcaster). */
const liveWords: NotificationContribution['words'] = {
  en: {
    discreet: 'Someone you match is live',
    told: { default: { title: '{name} is live', body: 'Join them now.' } },
  },
  fr: {
    discreet: 'Un de vos matchs est en live',
    told: { default: { title: '{name} est en live', body: 'Rejoignez ce live maintenant.' } },
  },
  ro: {
    discreet: 'Cineva cu care ai match este live',
    told: { default: { title: '{name} este live', body: 'Intră acum în live.' } },
  },
};

/**
 * The lives' kind of notification (the notification port): the broadcaster's matches are pushed when
 * their live goes on air, as each member chose in Settings > Notifications and outside their quiet
 * hours (the notifications feature's rules for every push). A push only: no list entry (the lives
 * on air are on /lives). When it runs, it re-reads the member's place in the live (a live over, one
 * they were removed from, or a block since tells nothing) and the broadcaster's name (none across a
 * block, nor once inactive).
 */
export const livesNotifications: NotificationContribution[] = [
  {
    kind: 'live',
    sources: () => [],
    urgent: true,
    words: liveWords,
    async tell(db, { userId, ref, by }, now, { actorName }) {
      const live = by ? await repo.findLive(db, ref) : undefined;
      if (!by || !live || live.status !== 'live' || live.broadcasterId !== by) return null;
      if (!(await liveRoleOf(db, ref, userId))) return null;
      const name = await actorName(userId, by);
      if (!name) return null;
      return {
        subject: { kind: 'live', name },
        url: `/lives/${ref}`,
        tag: `live:${ref}`,
        count: 1,
        at: now,
      };
    },
    trigger: (events, push, db) =>
      events.on('live.on-air', async ({ liveId, broadcasterId }) => {
        const matchIds = await repo.findMatchesToTell(db, liveId, broadcasterId);
        await push(matchIds.map((userId) => ({ userId, kind: 'live', ref: liveId, by: broadcasterId })));
      }),
  },
];
