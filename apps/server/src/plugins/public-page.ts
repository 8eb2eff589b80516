import type { FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  isPrerenderedPath,
  LANGUAGE_COOKIE,
  pageLanguage,
  prerenderedFile,
} from '@motema/shared/public-pages';
import { SESSION_COOKIE } from '../features/auth/sessions.service.ts';

/**
 * The prerendered file of the build that answers a page request (decision 0023), or null for the app
 * shell (index.html): a public page, for a visitor (a request with a session cookie is a member's,
 * whom the app sends on from the start page), in the language the web app would pick: the choice
 * stored on the device (its cookie), else `?lang=`, else Accept-Language, else English. `built` holds
 * the files the build wrote, so an older build without them still gets the app shell.
 */
export function publicPageFile(request: FastifyRequest, built: ReadonlySet<string>): string | null {
  if (request.cookies[SESSION_COOKIE]) return null;
  const [pathname = '/', search = ''] = request.url.split('?');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!isPrerenderedPath(path)) return null;
  const language = pageLanguage({
    stored: request.cookies[LANGUAGE_COOKIE],
    query: new URLSearchParams(search).get('lang'),
    accepted: acceptedLanguages(request.headers['accept-language']),
  });
  const file = prerenderedFile(path, language);
  return built.has(file) ? file : null;
}
