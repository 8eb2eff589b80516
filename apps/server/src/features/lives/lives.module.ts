import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { livesAccountRemovalHook } from './account-removal-hook.ts';
import { liveAudienceRoutes } from './live-audience.routes.ts';
import { liveModerationSubject, liveReportTargets } from './live-moderation.service.ts';
import { livesNotifications } from './lives-notifications.service.ts';
import { livesOf } from './lives-runtime.ts';
import { registerLivesRealtime, subscribeLivesEvents } from './lives-realtime.ts';
import { endLivesOf, sweepLives } from './lives.service.ts';
import { livesRoutes } from './lives.routes.ts';
import { registerLiveChunks } from './media/live-chunks-realtime.ts';
import { liveMediaRoutes } from './media/live-hls.routes.ts';
import { liveKeptSweep } from './media/live-kept-sweep.ts';

/** How often this node looks for lives to end (too long, stalled while starting, their encoder gone). */
const SWEEP_EVERY_MS = 15_000;

/** Lives (docs/lives.md): going live, watching, the live's chat and reactions, and their moderation. */
export const livesModule: FeatureModule = {
  name: 'lives',
  // The live's HLS files (to whoever may watch it) and keeping it as a post (docs/lives.md "Media").
  routes: [routes(livesRoutes, livesOf), routes(liveAudienceRoutes, livesOf), routes(liveMediaRoutes)],
  realtime: (context) => {
    registerLivesRealtime(context);
    // The broadcaster's recording, chunk by chunk, into this node's encoder.
    registerLiveChunks(context.realtime, { db: context.deps.db, media: () => livesOf(context).media });
  },
  subscribers: (context) => {
    subscribeLivesEvents(context);
    // A suspended or banned broadcaster's live ends at once, as a moderator's cut.
    context.deps.events.on('account.suspended', ({ userId }) => endLivesOf(livesOf(context), userId));
    // A deleted member no longer watches: each live they watched hears its new count.
    context.deps.events.on('account.removed', async ({ lives }) => {
      for (const { liveId, viewers } of lives)
        await context.deps.events.emit('live.viewers', { liveId, viewers });
    });
  },
  // A reported live (safety's POST /api/reports with `live`): whether the reporter may report it, its
  // case's snapshot (title, latest frames) and a moderator's cut.
  provides: { reportedLives: liveReportTargets },
  moderationSubjects: [liveModerationSubject],
  // Its broadcaster's matches told when a live goes on air (Settings > Notifications, quiet hours).
  notifications: livesNotifications,
  periodic: [
    { name: 'lives sweep', everyMs: SWEEP_EVERY_MS, run: (context) => sweepLives(livesOf(context)) },
    // Lives ended and not kept in time lose their files.
    liveKeptSweep,
  ],
  // A member's deletion: the lives they watched count them no more.
  accountHooks: [livesAccountRemovalHook],
  // This node's encoders stop with it and their working files go (its lives end in a sweep).
  onClose: (context) => livesOf(context).media.closeAll(),
};
