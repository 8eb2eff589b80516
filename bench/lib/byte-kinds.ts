/**
 * What a byte on the wire is (B4 page load, B6 session bytes): the kinds bytes are counted by, and
 * `classify(url, type, mimeType)`, the one classifier both benchmarks use:
 *   html      documents (text/html)
 *   js        scripts (type Script, or a JavaScript MIME type)
 *   css       stylesheets
 *   api-json  /api/ requests (JSON answers of the server)
 *   photo     members' photos and chat files (/api/media/, /api/chat-files/)
 *   image     images (icons, favicons)
 *   font      fonts
 *   socket    Socket.IO: WebSocket frames plus the /socket.io/ HTTP polling and handshake requests
 *   other     anything else: locale JSON files, the web manifest, sw.js, ...
 */
/** `photo`: members' photos and chat files (`/api/media/`, `/api/chat-files/`); `image`: icons and the rest. */
export const KINDS = ['html', 'js', 'css', 'api-json', 'photo', 'image', 'font', 'socket', 'other'] as const;
export type Kind = (typeof KINDS)[number];

export type ByteTotals = Record<Kind, number> & { total: number };

export function classify(url: string, type: string, mimeType = ''): Kind {
  const pathname = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  if (type === 'WebSocket' || pathname.startsWith('/socket.io/')) return 'socket';
  // Photos and chat files are served under /api/ too: they are told apart before API answers are.
  if (pathname.startsWith('/api/media/') || pathname.startsWith('/api/chat-files/')) return 'photo';
  if (type === 'Image' || mimeType.startsWith('image/')) return 'image';
  if (pathname.startsWith('/api/')) return 'api-json';
  if (type === 'Document' || mimeType.startsWith('text/html')) return 'html';
  if (type === 'Script' || /javascript|ecmascript/.test(mimeType) || /\.m?js$/.test(pathname)) {
    return pathname.endsWith('/sw.js') || pathname.includes('workbox-') ? 'other' : 'js';
  }
  if (type === 'Stylesheet' || mimeType.startsWith('text/css')) return 'css';
  if (type === 'Font' || mimeType.startsWith('font/') || /\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  return 'other';
}

export function emptyTotals(): ByteTotals {
  return { ...(Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>), total: 0 };
}
