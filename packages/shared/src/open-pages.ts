/**
 * The pages open to someone without a session (the web app's features declare them with `openTo`):
 * the build writes their paths to OPEN_PAGES_FILE, so that the server sends a visitor opening any
 * other page straight to the start page, as the web app's navigation guard would once loaded.
 */
export const OPEN_PAGES_FILE = 'open-pages.json';

/**
 * Whether `path` (no trailing slash) is one of `patterns`, as the web router matches them (static
 * segments in any case, `:name` for one segment that is not empty). The web app's test holds it to
 * React Router's `matchPath` for every open page.
 */
export function isOpenPath(patterns: readonly string[], path: string): boolean {
  const segments = path.split('/');
  return patterns.some((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) => {
        const segment = segments[index]!;
        return part.startsWith(':') ? segment !== '' : part.toLowerCase() === segment.toLowerCase();
      })
    );
  });
}

/** Where a visitor opening `path` (no trailing slash) with `search` is sent: the start page, remembering it. */
export const startPageFrom = (path: string, search: string) => `/?from=${encodeURIComponent(path + search)}`;
