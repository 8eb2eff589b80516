import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Http2SecureServer } from 'node:http2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppEvents } from './app-events.ts';
import type { AppDeps, AppInputs } from './deps.ts';
import { createEventPort } from './lib/event-port.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { compiledSerializerCompiler } from './plugins/compiled-serializer.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { healthRoutes } from './plugins/health.ts';
import { refuseNulCharacters } from './plugins/no-nul-characters.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { documentCrossOriginRefusal, refuseCrossOriginChanges } from './plugins/same-origin.ts';
import { authenticationByDefault } from './plugins/public-routes.ts';
import { sessionPlugin } from './plugins/session.ts';
import { allowShellOrigins } from './plugins/shell-cors.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createLinkPreviews } from './plugins/link-preview.ts';
import { createRealtime } from './realtime/server.ts';
import { SESSION_COOKIE, sessionOf } from './features/auth/sessions.service.ts';

import { API_PREFIX, type FeatureContext, type FeatureModule } from './modules/feature-module.ts';
import { featureModules } from './modules/index.ts';
import {
  notificationsOf,
  plugInRealtime,
  paymentHooksOf,
  accountHooksOf,
  moderationSubjectsOf,
  linkPreviewsOf,
  portsOf,
  registerRoutes,
  routeListsOf,
  startJobs,
} from './modules/plug-in.ts';
import { provideNotificationContributions } from './features/notifications/list/notification-sources.ts';
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
  options: {
    logger?: FastifyServerOptions['logger'];
    tls?: TlsCredentials;
    /** The features plugged in: modules/index.ts's, unless a test adds one. */
    modules?: readonly FeatureModule[];
  } = {},
) {
  const { env } = inputs;
  const allModules = options.modules ?? featureModules;
  // The kinds of notification, each from the feature that owns it (decision 0037).
  provideNotificationContributions(notificationsOf(allModules));
  const modules = allModules.filter((m) => !m.onlyOutsideProduction || env.NODE_ENV !== 'production');
  const { publicRoutes, crossOriginRoutes } = routeListsOf(allModules);
  // The app's origin: its pages alone may change anything, over HTTP and Socket.IO (lib/origin.ts).
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  // The mobile app's bundled copy: its pages call from these origins with a bearer session (0052).
  const shellOrigins: ReadonlySet<string> = new Set(env.SHELL_ORIGINS);
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
    paymentHooks: paymentHooksOf(modules),
    accountHooks: accountHooksOf(modules),
    moderationSubjects: moderationSubjectsOf(modules),
  };
  app.setValidatorCompiler(validatorCompiler);
  // Every answer checked against its response schema and, when it is exactly of that shape, written by
  // JSON.stringify without zod's parsed copy; any other by zod (plugins/compiled-serializer.ts).
  app.setSerializerCompiler(compiledSerializerCompiler);

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, { production: env.NODE_ENV === 'production' });
  await registerCompression(app);
  refuseNulCharacters(app);
  allowShellOrigins(app, publicOrigin, shellOrigins);
  refuseCrossOriginChanges(app, publicOrigin, crossOriginRoutes, shellOrigins);
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
    // The pages a shared link opens, each from the feature that owns it (link-previews-port.ts).
    createLinkPreviews({ db: deps.db, sources: linkPreviewsOf(modules), publicUrl: env.PUBLIC_URL }),
  );
  registerErrorHandler(app, webFallback);
  // Before the session plugin: a probe's request costs no session lookup.
  await app.register(healthRoutes, deps);
  // Secure wherever the server speaks TLS itself (or behind the HTTPS proxy production implies).
  await app.register(sessionPlugin, {
    db: deps.db,
    secure: env.NODE_ENV === 'production' || !!options.tls,
    publicOrigin,
    shellOrigins,
  });

  // The members' action limits of the chat's socket and of the story replies (one count of messages).
  const limiter = createRateLimiter(deps.redis?.client, (err) =>
    app.log.error({ err }, 'Redis rate limit failed'),
  );
  const context: FeatureContext = { deps, limiter, ports: portsOf(modules), log: app.log };
  await app.register(
    async (api) => {
      // Authentication on by default: a route is protected unless its module lists it public.
      const authentication = authenticationByDefault(publicRoutes);
      api.addHook('onRequest', authentication.requireSessionUnlessPublic);
      api.addHook('onRoute', authentication.documentUnauthorized);
      api.addHook('onRoute', documentCrossOriginRefusal(crossOriginRoutes));
      await registerRoutes(api, modules, context, API_PREFIX);
    },
    { prefix: API_PREFIX },
  );
  await registerRoutes(app, modules, context, '');

  const realtime = createRealtime(app, {
    authenticate: (token) => sessionOf(deps.db, token),
    sessionCookie: SESSION_COOKIE,
    redis: deps.redis,
    publicOrigin,
    shellOrigins,
    trustProxy: env.TRUST_PROXY,
  });
  // Last of the server's request and upgrade listeners (Socket.IO's came just now): guard them all.
  guardServerEntries(app.server, (err, what) => app.log.error({ err }, `error in ${what}`));
  plugInRealtime(modules, { ...context, realtime });
  await startJobs(app, modules, context);
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

export type App = Awaited<ReturnType<typeof buildApp>>;
