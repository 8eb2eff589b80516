import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { subscribeNotificationsEvents } from './notifications-realtime.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { nativePushSummary } from './push/native-push-config.ts';
import { closeNativeSenders, nativeSendersOf } from './push/native-senders.ts';
import { pushTokensRoutes } from './push/push-tokens.routes.ts';
import { subscribePushEvents } from './push/push-triggers.ts';
import { workPushes } from './push/push-worker.service.ts';
import { DIGEST_OFFER_MS, sendDigestRun, workDigest } from './settings/digest.service.ts';
import { notificationSettingsRoutes } from './settings/notification-settings.routes.ts';
import { unsubscribeRoutes } from './settings/unsubscribe.routes.ts';

export const notificationsModule: FeatureModule = {
  name: 'notifications',
  routes: [
    routes(notificationsRoutes),
    routes(pushTokensRoutes),
    routes(notificationSettingsRoutes),
    routes(unsubscribeRoutes),
  ],
  publicRoutes: [
    // The e-mail digest's one-click unsubscribe (RFC 8058): mail clients post without a session; the
    // random token in the link names the member, and can only turn the digest off. GET only asks.
    'GET /api/notifications/unsubscribe',
    'POST /api/notifications/unsubscribe',
  ],
  // A mail client's one click (RFC 8058), possibly from a webmail's page: the token names the member.
  crossOriginRoutes: ['POST /api/notifications/unsubscribe'],
  subscribers: ({ deps: { db, env, events, jobs }, realtime }) => {
    // Badges: counters:update to the members' devices when what they count changed.
    subscribeNotificationsEvents({ db, events }, realtime);
    // Push: a job per member told (messages, matches, likes, visits, requests, comments, payments).
    subscribePushEvents(
      { db, env, events, jobs },
      (err) => realtime.log.error({ err }, 'sending a push job failed'),
      (stop) => realtime.io.httpServer?.once('close', stop),
    );
    // The native adapters' connections (APNs keeps one open) go with the app.
    realtime.io.httpServer?.once('close', () => void closeNativeSenders());
  },
  workers: async ({ deps, log }) => {
    // Android and iOS: which are sent to, said once (a setting that cannot be read stops the start).
    nativeSendersOf(deps.env);
    log.info(nativePushSummary(deps.env));
    // Pushes: the member's choices, quiet hours and the hourly limit, then each of their devices.
    await workPushes(deps);
    await workDigest(deps);
  },
  periodic: [
    // Unread messages by e-mail to members no device tells: a run an hour (whichever node).
    {
      name: 'sending the e-mail digest run',
      everyMs: DIGEST_OFFER_MS,
      atStart: true,
      run: ({ deps }) => sendDigestRun(deps.jobs),
    },
  ],
};
