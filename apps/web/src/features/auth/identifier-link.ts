/**
 * `path` carrying the identifier the member typed (`?identifier=`), so that the next sign-in page
 * starts from it: login's "Forgot your password?", the new password's way back to login, the
 * confirmed address's. Login and the forgotten password page read it back with `identifierIn`.
 */
export function withIdentifier(path: string, identifier: string | null | undefined): string {
  const typed = identifier?.trim();
  return typed ? `${path}?identifier=${encodeURIComponent(typed)}` : path;
}

/** The identifier a page was opened with, or ''. */
export const identifierIn = (params: URLSearchParams): string => params.get('identifier')?.trim() ?? '';
