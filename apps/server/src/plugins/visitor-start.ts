import type { FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isOpenPath, OPEN_PAGES_FILE, startPageFrom } from '@motema/shared/open-pages';
import { SESSION_COOKIE } from '../features/auth/sessions.service.ts';
import { requestedPage } from './public-page.ts';

/**
 * The paths of the pages open without a session, as the build wrote them (@motema/shared/open-pages),
 * or null for an older build without the file (every page then goes to the app, as before).
 */
export function readOpenPages(distDir: string): string[] | null {
  const file = path.join(distDir, OPEN_PAGES_FILE);
  if (!existsSync(file)) return null;
  const paths: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(paths) && paths.every((entry) => typeof entry === 'string') ? paths : null;
}

/**
 * Where a page request is sent before any page is answered: a visitor (no session cookie, no bearer)
 * opening a page that is not open to them goes to the start page, remembering it (`?from=`), as the
 * web app's guard would send them once its code had loaded and the profile been refused: the start
 * page's own HTML paints at once instead of the app's shell, its code and a refused request first (a
 * zone's invite link, a chat shared on WhatsApp). Null: the page is answered. A session that ended
 * still carries its cookie: the app sends that member on, as on any page.
 */
export function visitorStartOf(request: FastifyRequest, openPages: readonly string[] | null): string | null {
  if (!openPages || request.cookies[SESSION_COOKIE] || request.headers.authorization) return null;
  const { path, search } = requestedPage(request);
  return isOpenPath(openPages, path) ? null : startPageFrom(path, search);
}
