import type { FastifyRequest } from 'fastify';
import { memberShellFile, memberShellOfPath, VISITOR_SHELLS } from '@motema/shared/member-shells';
import { SESSION_COOKIE } from '../features/auth/sessions.service.ts';
import { requestedPage } from './public-page.ts';

/**
 * The build's shell of a member page (@motema/shared/member-shells) that answers a page request, or
 * null for the plain app shell: home for a request carrying a session cookie (not looked up: an ended
 * session is sent to log in by the app as on any page), the pages a link opens for anyone, in the
 * language the web app will start in (`requestedPage`), so the texts it names are those the app loads
 * first. `built` holds the files the build wrote, so an older build without them gets the app shell.
 */
export function memberShellOf(request: FastifyRequest, built: ReadonlySet<string>): string | null {
  const { path, language } = requestedPage(request);
  const shell = memberShellOfPath(path);
  if (!shell || (!request.cookies[SESSION_COOKIE] && !VISITOR_SHELLS.has(shell))) return null;
  const file = memberShellFile(shell, language);
  return built.has(file) ? file : null;
}
