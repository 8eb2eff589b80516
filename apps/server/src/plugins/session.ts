import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { InterfaceLanguage } from '@motema/shared/languages';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@motema/shared/public-pages';
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
    /** The session cookie, and the language cookie with the member's language (see below). */
    setSessionCookie: (token: string, language: InterfaceLanguage) => FastifyReply;
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
  app.decorateReply(
    'setSessionCookie',
    function (this: FastifyReply, token: string, language: InterfaceLanguage) {
      // With the session, the device learns the member's language, which the app switches to once it
      // has their profile (navigation-guard.tsx): in the cookie that mirrors the device's choice
      // (decision 0023), the app starts in it and the server sends home's shell with its texts, so a
      // visit does not load the texts in one language and then in the member's. Read by the page.
      return this.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      }).setCookie(LANGUAGE_COOKIE, language, {
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
      });
    },
  );
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});
