/**
 * `path` carrying the identifier the member typed (`?identifier=`), so that the next sign-in page
 * starts from it: login's "Forgot your password?", the new password's way back to login, the
 * confirmed address's. Login and the forgotten password page read it back with `identifierIn`. With
 * `from` (lib/safe-from.ts), the page the member was going to goes along (`&from=`), so that the
 * forgotten password ends on login with it, and login opens it.
 */
export function withIdentifier(
  path: string,
  identifier: string | null | undefined,
  from: string | null = null,
): string {
  const query = new URLSearchParams();
  const typed = identifier?.trim();
  if (typed) query.set('identifier', typed);
  if (from) query.set('from', from);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The identifier a page was opened with, or ''. */
export const identifierIn = (params: URLSearchParams): string => params.get('identifier')?.trim() ?? '';
