import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.ts';
import { requestedPage } from '../../../plugins/public-page.ts';
import { digestUnsubscribeTarget, unsubscribeFromDigest } from './notification-settings.service.ts';
import { renderUnsubscribePage, type UnsubscribeState } from './unsubscribe-page.ts';

const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(128) });
const HTML_PAGE = {
  description: 'A small page in the member’s language',
  content: { 'text/html': { schema: z.string() } },
};
/** Enough for RFC 8058's `List-Unsubscribe=One-Click` and a form's fields; the body is not needed. */
const FORM_BODY_LIMIT = 4096;

/**
 * The e-mail digest's one-click unsubscribe (RFC 8058), public: the token of the link names the
 * member. `POST` (the mail client's one click, or the page's button) turns the digest off; `GET`
 * only answers a page asking to confirm, since mail scanners open every link of a mail.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Mail clients post `List-Unsubscribe=One-Click` as a form (urlencoded or multipart); the token
  // is in the address, so the body is read and dropped (this plugin's scope only).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    state: UnsubscribeState,
    language: 'en' | 'fr' | 'ro' | undefined,
  ) =>
    reply
      .code(state === 'invalid' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(renderUnsubscribePage(language ?? requestedPage(request).language, state, request.url));

  const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  app.get(
    '/notifications/unsubscribe',
    {
      config: limit,
      schema: {
        querystring: UnsubscribeQuerySchema,
        response: { 200: HTML_PAGE, 404: HTML_PAGE },
      },
    },
    async (request, reply) => {
      const target = await digestUnsubscribeTarget(deps.db, request.query.token);
      return answer(request, reply, target ? 'confirm' : 'invalid', target?.language);
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      config: limit,
      schema: {
        querystring: UnsubscribeQuerySchema,
        response: { 200: HTML_PAGE, 404: HTML_PAGE },
      },
    },
    async (request, reply) => {
      const target = await unsubscribeFromDigest(deps.db, request.query.token);
      return answer(request, reply, target ? 'done' : 'invalid', target?.language);
    },
  );
};
