import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { InterfaceLanguage } from '@motema/shared/languages';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@motema/shared/public-pages';
import { SHELL_SESSION_HEADER } from '@motema/shared/shell-session';
import type { Db } from '../db/client.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionOf,
  type AuthContext,
} from '../features/auth/sessions.service.ts';
import { isFromAShell } from '../lib/origin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Reads the request's session again from the database, past the node's cache (staff-only.ts). */
    readAuthAgain: () => Promise<AuthContext | null>;
  }
  interface FastifyReply {
    /** The session cookie, and the language cookie with the member's language (see below). */
    setSessionCookie: (token: string, language: InterfaceLanguage) => FastifyReply;
    clearSessionCookie: () => FastifyReply;
  }
}

/**
 * Reads the session of API requests and exposes `request.auth`: the cookie's, or for the mobile app's
 * bundled copy (a shell's Origin, decision 0052) the `Authorization: Bearer` token's and never the
 * cookie's. The web app's files and pages are the same for everyone, so they cost no session lookup
 * (the cookie rides along on each of them).
 */
export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Db; secure: boolean; publicOrigin: string | undefined; shellOrigins: ReadonlySet<string> },
  ) => {
    const fromAShell = (request: FastifyRequest) =>
      isFromAShell(request.headers, options.publicOrigin, options.shellOrigins);
    const tokenOf = (request: FastifyRequest) =>
      fromAShell(request) ? bearerOf(request.headers.authorization) : request.cookies[SESSION_COOKIE];
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = tokenOf(request);
      if (!token) return;
      request.auth = (await sessionOf(options.db, token)) ?? null;
    });
    app.decorateRequest('readAuthAgain', async function (this: FastifyRequest) {
      const token = tokenOf(this);
      this.auth = (token && (await sessionOf(options.db, token, { fresh: true }))) || null;
      return this.auth;
    });
    app.decorateReply(
      'setSessionCookie',
      function (this: FastifyReply, token: string, language: InterfaceLanguage) {
        // The bundled copy's web view would not send the cookie back (another site's): the token goes
        // in a header only its origin can read (the CORS answer exposes it to the shells alone).
        if (fromAShell(this.request)) return this.header(SHELL_SESSION_HEADER, token);
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
  },
);

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return authorization?.match(/^Bearer ([A-Za-z0-9_-]{16,256})$/)?.[1];
}
