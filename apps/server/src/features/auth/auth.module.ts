import type { FeatureModule } from '../../modules/feature-module.ts';
import { routes } from '../../modules/feature-module.ts';
import { accountRoutes } from './account.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { forgetSessions } from './sessions.service.ts';
import { CODE_REQUESTS_QUEUE, handleCodeRequest, type CodeRequest } from './code-requests.service.ts';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: [routes(authRoutes), routes(accountRoutes)],
  publicRoutes: [
    // Joining, confirming, logging in and out, a forgotten password.
    'POST /api/auth/register',
    'POST /api/auth/confirm',
    'POST /api/auth/confirm/resend',
    'POST /api/auth/login',
    'PUT /api/users/logout',
    'POST /api/auth/password/send',
    'POST /api/auth/password/verify',
    'POST /api/auth/password/reset',
  ],
  subscribers: ({ deps, realtime }) => {
    // A revoked session's sockets close with it, and no node takes it from its cache any more.
    realtime.onSessionsRevoked((sessionIds) => forgetSessions(deps.db, sessionIds));
    deps.events.on('sessions.revoked', ({ sessionIds }) => realtime.closeSessions(sessionIds));
  },
  workers: async ({ deps }) => {
    await deps.jobs.work<CodeRequest>(CODE_REQUESTS_QUEUE, (job) => handleCodeRequest(deps, job));
  },
};
