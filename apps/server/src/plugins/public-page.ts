import type { FastifyRequest } from 'fastify';
import type { InterfaceLanguage } from '@motema/shared/languages';
import {
  acceptedLanguages,
  isPrerenderedPath,
  LANGUAGE_COOKIE,
  pageLanguage,
  prerenderedFile,
} from '@motema/shared/public-pages';
import { SESSION_COOKIE } from '../features/auth/sessions.service.ts';

/**
 * What a page request asks for: its path (no trailing slash), its search (`?…`, or empty) and the
 * language the web app will start in.
 */
export type RequestedPage = { path: string; search: string; language: InterfaceLanguage };

/**
 * The page a request asks for, in the language the web app would pick by its rule: the choice stored
 * on the device (its cookie), else `?lang=`, else Accept-Language, else English.
 */
export function requestedPage(request: FastifyRequest): RequestedPage {
  const query = request.url.indexOf('?');
  const pathname = query === -1 ? request.url : request.url.slice(0, query);
  const search = query === -1 ? '' : request.url.slice(query);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const language = pageLanguage({
    stored: request.cookies[LANGUAGE_COOKIE],
    query: new URLSearchParams(search).get('lang'),
    accepted: acceptedLanguages(request.headers['accept-language']),
  });
  return { path, search, language };
}

/**
 * The prerendered file of the build that answers a page request (decision 0023), or null for the app
 * shell (index.html): a public page, for a visitor (a request with a session cookie is a member's,
 * whom the app sends on from the start page), in the language the web app would pick. `built` holds
 * the files the build wrote, so an older build without them still gets the app shell.
 */
export function publicPageFile(request: FastifyRequest, built: ReadonlySet<string>): string | null {
  if (request.cookies[SESSION_COOKIE]) return null;
  const { path, language } = requestedPage(request);
  if (!isPrerenderedPath(path)) return null;
  const file = prerenderedFile(path, language);
  return built.has(file) ? file : null;
}
