import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Http2SecureServer } from 'node:http2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppEvents } from './app-events.ts';
import type { AppDeps, AppInputs } from './deps.ts';
import { createEventPort } from './lib/event-port.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { healthRoutes } from './plugins/health.ts';
import { refuseNulCharacters } from './plugins/no-nul-characters.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { documentCrossOriginRefusal, refuseCrossOriginChanges } from './plugins/same-origin.ts';
import { documentUnauthorized, requireSessionUnlessPublic } from './plugins/public-routes.ts';
import { sessionPlugin } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createRealtime, type Realtime } from './realtime/server.ts';
import { registerJobs } from './jobs/register.ts';
import { accountRoutes } from './features/auth/account.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { SESSION_COOKIE, sessionOf } from './features/auth/sessions.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { devRoutes } from './features/dev/dev.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { mediaItemsRoutes } from './features/media/media-items.routes.ts';
import { scheduleOwnerMediaRemoval } from './features/media/media.service.ts';
import { discoveryRoutes } from './features/discovery/discovery.routes.ts';
import { safetyRoutes } from './features/safety/safety.routes.ts';
import { registerPresence } from './features/users/presence-realtime.ts';
import { registerDiscoveryRealtime, tellMatch } from './features/discovery/discovery-realtime.ts';
import { endMatchBetween } from './features/discovery/ratings.service.ts';
import {
  afterAccountRemoved,
  announceBlockChange,
} from './features/chat/conversations/conversations.service.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { chatFilesRoutes } from './features/chat/files/chat-files.routes.ts';
import { registerChatRealtime } from './features/chat/chat-realtime.ts';
import { subscribeChatEvents } from './features/chat/chat-emitters.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { pushTokensRoutes } from './features/notifications/push/push-tokens.routes.ts';
import { notificationSettingsRoutes } from './features/notifications/settings/notification-settings.routes.ts';
import { unsubscribeRoutes } from './features/notifications/settings/unsubscribe.routes.ts';
import { workDigest } from './features/notifications/settings/digest.service.ts';
import { plansRoutes } from './features/billing/plans/plans.routes.ts';
import { passesRoutes } from './features/billing/passes/passes.routes.ts';
import { paymentsDepsOf, paymentsRoutes } from './features/billing/payments/payments.routes.ts';
import { workPayments } from './features/billing/payments/payment-sweeper.service.ts';
import { subscribePaymentsEvents } from './features/billing/payments/payments-emitters.ts';
import { subscribeNotificationsEvents } from './features/notifications/notifications-realtime.ts';
import { postsRoutes } from './features/posts/posts.routes.ts';
import { feedRoutes } from './features/posts/feed/feed.routes.ts';
import { postMediaRoutes } from './features/posts/post-media.routes.ts';
import { postRequestsRoutes } from './features/posts/requests/post-requests.routes.ts';
import { commentsRoutes } from './features/posts/comments/comments.routes.ts';
import { likesRoutes } from './features/posts/likes/likes.routes.ts';
import { postReportTargets } from './features/posts/post-reports.service.ts';
import { subscribePostsEvents } from './features/posts/posts-emitters.ts';
import { subscribePushEvents } from './features/notifications/push/push-triggers.ts';
import { provideNotificationContributions } from './features/notifications/list/notification-sources.ts';
import { NOTIFICATION_CONTRIBUTIONS } from './notification-contributions.ts';
import { storiesRoutes } from './features/posts/stories/stories.routes.ts';
import { workStoryExpiry } from './features/posts/stories/story-expiry.service.ts';
import { workUnclaimedSweep } from './features/media/media-items-sweep.service.ts';
import { devicesRoutes } from './features/devices/devices.routes.ts';
import { registerDevicesRealtime } from './features/devices/devices-realtime.ts';
import { registerClientLogs } from './features/devices/client-logs-realtime.ts';
import { visitorsRoutes } from './features/devices/visitors.routes.ts';
import { workVisitorRetention } from './features/devices/visitors-retention.service.ts';
import { AppError } from './lib/app-error.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { guardServerEntries } from './lib/server-entry-guard.ts';
import type { TlsCredentials } from './lib/tls.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Whether /api/docs is served: outside production, or where API_DOCS says so. */
export const apiDocsExposed = (env: Pick<AppDeps['env'], 'API_DOCS' | 'NODE_ENV'>) =>
  env.API_DOCS ?? env.NODE_ENV !== 'production';

/**
 * The whole server as one Fastify instance; main.ts listens on it, tests inject into it. With `tls`
 * it serves HTTPS, HTTP/2 or HTTP/1.1 as each connection's ALPN chooses (decision 0021); without,
 * plain HTTP/1.1.
 */
export async function buildApp(
  inputs: AppInputs,
  options: { logger?: FastifyServerOptions['logger']; tls?: TlsCredentials } = {},
) {
  const { env } = inputs;
  // The kinds of notification, each from the feature that owns it (decision 0037).
  provideNotificationContributions(NOTIFICATION_CONTRIBUTIONS);
  // The app's origin: its pages alone may change anything, over HTTP and Socket.IO (lib/origin.ts).
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  const app = createFastify(
    {
      logger: options.logger ?? { level: env.LOG_LEVEL },
      trustProxy: env.TRUST_PROXY,
      bodyLimit: BODY_LIMIT_BYTES,
      // What the router and Node's HTTP parser refuse also leaves as the app's error body.
      frameworkErrors: answerFrameworkError,
      clientErrorHandler: answerClientError,
    },
    options.tls,
  ).withTypeProvider<ZodTypeProvider>();
  const deps: AppDeps = {
    ...inputs,
    events: createEventPort<AppEvents>((err, name) =>
      app.log.error({ err }, `a subscriber of ${name} failed`),
    ),
  };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, { production: env.NODE_ENV === 'production' });
  await registerCompression(app);
  refuseNulCharacters(app);
  refuseCrossOriginChanges(app, publicOrigin);
  await app.register(fastifyRateLimit, {
    global: false,
    // With REDIS_URL every node counts in Redis; an outage lets requests through (docs/scaling.md).
    ...(deps.redis && { redis: deps.redis.client, nameSpace: 'motema:http-limit:', skipOnError: true }),
    enableDraftSpec: false,
    // Answered by the error handler as every refusal; the plugin sets Retry-After itself.
    errorResponseBuilder: () => new AppError(429, 'rate_limited'),
  });
  await registerApiDocs(app, { exposed: apiDocsExposed(env) });

  const webFallback = await registerWebApp(
    app,
    env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
  );
  registerErrorHandler(app, webFallback);
  // Before the session plugin: a probe's request costs no session lookup.
  await app.register(healthRoutes, deps);
  // Secure wherever the server speaks TLS itself (or behind the HTTPS proxy production implies).
  await app.register(sessionPlugin, {
    db: deps.db,
    secure: env.NODE_ENV === 'production' || !!options.tls,
  });

  // The members' action limits of the chat's socket and of the story replies (one count of messages).
  const limiter = createRateLimiter(deps.redis?.client, (err) =>
    app.log.error({ err }, 'Redis rate limit failed'),
  );
  await app.register(
    async (api) => {
      // Authentication on by default: a route is protected unless plugins/public-routes.ts lists it.
      api.addHook('onRequest', requireSessionUnlessPublic);
      api.addHook('onRoute', documentUnauthorized);
      api.addHook('onRoute', documentCrossOriginRefusal);
      await api.register(authRoutes, deps);
      await api.register(usersRoutes, deps);
      await api.register(accountRoutes, deps);
      await api.register(mediaRoutes, deps);
      await api.register(mediaItemsRoutes, deps);
      await api.register(discoveryRoutes, deps);
      // Reports may point at a post or a comment: the posts feature checks them (safety depends on none).
      await api.register(safetyRoutes, { ...deps, reportTargets: postReportTargets });
      await api.register(chatRoutes, deps);
      await api.register(chatFilesRoutes, deps);
      await api.register(notificationsRoutes, deps);
      await api.register(pushTokensRoutes, deps);
      await api.register(notificationSettingsRoutes, deps);
      await api.register(unsubscribeRoutes, deps);
      await api.register(postsRoutes, deps);
      await api.register(feedRoutes, deps);
      await api.register(postMediaRoutes, deps);
      await api.register(postRequestsRoutes, deps);
      await api.register(commentsRoutes, deps);
      await api.register(likesRoutes, deps);
      await api.register(storiesRoutes, { ...deps, limiter });
      await api.register(devicesRoutes, deps);
      await api.register(visitorsRoutes, deps);
      await api.register(plansRoutes, deps);
      await api.register(passesRoutes, deps);
      await api.register(paymentsRoutes, {
        ...deps,
        limits: {
          startsPerHour: env.PAYMENT_STARTS_PER_HOUR,
          pushesPerPhonePerHour: env.PAYMENT_PUSHES_PER_PHONE_PER_HOUR,
        },
      });
    },
    { prefix: '/api' },
  );
  if (env.NODE_ENV !== 'production') await app.register(devRoutes, deps);

  const realtime = createRealtime(app, {
    authenticate: (token) => sessionOf(deps.db, token),
    sessionCookie: SESSION_COOKIE,
    redis: deps.redis,
    publicOrigin,
    trustProxy: env.TRUST_PROXY,
  });
  // Last of the server's request and upgrade listeners (Socket.IO's came just now): guard them all.
  guardServerEntries(app.server, (err, what) => app.log.error({ err }, `error in ${what}`));
  registerPresence(realtime, deps.db);
  registerDiscoveryRealtime(realtime, deps.db);
  subscribeToEvents(deps, realtime);
  registerChatRealtime(realtime, { db: deps.db, limiter, events: deps.events });
  // Devices: a newer build told to an older install at its handshake; the apps' logs into the server log.
  registerDevicesRealtime(realtime, env.APP_MIN_BUILD);
  registerClientLogs(realtime, { limiter });
  await registerJobs(deps);
  const paymentsSweeper = await workPayments(
    paymentsDepsOf(deps, (message, fields) => app.log.error(fields, message)),
    (err) => app.log.error({ err }, 'the payments sweep failed'),
  );
  app.addHook('onClose', () => paymentsSweeper.stop());
  // Stories end after their day: a run a minute (whichever node) deletes them with their media.
  const storyExpiry = await workStoryExpiry(deps, (err) =>
    app.log.error({ err }, 'sending the story expiry failed'),
  );
  app.addHook('onClose', () => storyExpiry.stop());
  // Uploads no post or story took within a day go, rows and files: a sweep an hour (whichever node).
  const unclaimedSweep = await workUnclaimedSweep(deps, (err) =>
    app.log.error({ err }, 'sending the unclaimed uploads sweep failed'),
  );
  app.addHook('onClose', () => unclaimedSweep.stop());
  // Visits of people not connected are kept VISITOR_RETENTION_DAYS (the privacy policy says so).
  const visitorRetention = await workVisitorRetention(deps, (err) =>
    app.log.error({ err }, 'sending the visitors retention sweep failed'),
  );
  app.addHook('onClose', () => visitorRetention.stop());
  // Unread messages by e-mail to members no device tells: a run an hour (whichever node).
  const digest = await workDigest(deps, (err) =>
    app.log.error({ err }, 'sending the e-mail digest run failed'),
  );
  app.addHook('onClose', () => digest.stop());
  // preClose: the sockets must be closed before Fastify waits for the HTTP server's connections to end.
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  return Object.assign(app, { realtime, deps });
}

/**
 * HTTP/2 needs TLS in browsers; `allowHTTP1` keeps HTTP/1.1 on the same port for what HTTP/2 cannot
 * carry here (Socket.IO's WebSocket upgrade: browsers open it over an HTTP/1.1 connection) and for old
 * clients. Fastify types an HTTP/2 instance's raw request and reply as node:http2's; with allowHTTP1
 * they are either those or node:http's, whose compatibility API has the same shape, and nothing in
 * the app touches them raw: the instance keeps the type every plugin is written against.
 */
function createFastify(options: FastifyServerOptions, tls: TlsCredentials | undefined): FastifyInstance {
  if (!tls) return Fastify(options);
  const http2Options = { ...options, http2: true, https: { allowHTTP1: true, ...tls } } as const;
  return Fastify(http2Options as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance;
}

/** Who hears what: every reaction to an event of another feature, and every realtime emitter. */
function subscribeToEvents({ db, jobs, events }: AppDeps, realtime: Realtime) {
  events.on('sessions.revoked', ({ sessionIds }) => realtime.closeSessions(sessionIds));
  events.on('match.made', tellMatch(realtime, db));
  events.on('block.changed', async ({ blockerId, blockedId, blocked }) => {
    if (blocked) await endMatchBetween(db, blockerId, blockedId);
  });
  events.on('block.changed', ({ blockerId, blockedId }) =>
    announceBlockChange({ db, events }, blockerId, blockedId),
  );
  // A deleted account's files go through durable jobs; its conversations' other members are told.
  events.on('account.removed', ({ userId }) => scheduleOwnerMediaRemoval(jobs, userId));
  events.on('account.removed', (removed) => afterAccountRemoved({ jobs, events }, removed));
  // Chat: messages, receipts, typing and conversation changes to the members' devices (a block
  // also ends their watching each other's presence).
  subscribeChatEvents({ events }, realtime);
  // Badges: counters:update to the members' devices when what they count changed.
  subscribeNotificationsEvents({ db, events }, realtime);
  // Payments: billing:payment to the member's devices when one of their payments settled.
  subscribePaymentsEvents({ events }, realtime);
  // Posts: permission requests and answers, comments, a post's media ready, to the members concerned.
  subscribePostsEvents({ events }, realtime);
  // Push: a job per member told (messages, matches, likes, visits, requests, comments, payments).
  subscribePushEvents(
    { db, events, jobs },
    (err) => realtime.log.error({ err }, 'sending a push job failed'),
    (stop) => realtime.io.httpServer?.once('close', stop),
  );
}

export type App = Awaited<ReturnType<typeof buildApp>>;
