import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionOf,
  type AuthContext,
} from '../features/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyReply {
    setSessionCookie: (token: string) => FastifyReply;
    clearSessionCookie: () => FastifyReply;
  }
}

/**
 * Reads the session cookie of API requests and exposes `request.auth`. The web app's files and pages
 * are the same for everyone, so they cost no session lookup (the cookie rides along on each of them).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Db; secure: boolean }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    request.auth = (await sessionOf(options.db, token)) ?? null;
  });
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    return this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});
