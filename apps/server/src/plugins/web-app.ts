import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { BROTLI_OPTIONS, GZIP_OPTIONS } from './compression.ts';
import { MEMBER_SHELL_DIR, memberShellFiles } from '@motema/shared/member-shells';
import { PUSH_WORKER } from '@motema/shared/push-worker';
import { PRERENDERED_DIR, prerenderedFiles, PUBLIC_PAGES_WORKER } from '@motema/shared/public-pages';
import { withLinkPreview, type LinkPreviews } from './link-preview.ts';
import { memberShellOf } from './member-shell.ts';
import { publicPageFile } from './public-page.ts';
import { readOpenPages, visitorStartOf } from './visitor-start.ts';
import { loadPagePainter, type PagePainter } from './server-paint.ts';

// The app shell, and the service worker's own script and the one it imports: checked for a new
// version each time.
const NO_CACHE = new Set(['index.html', 'sw.js', PUBLIC_PAGES_WORKER, PUSH_WORKER]);
/** The folders of pages: the prerendered public pages and the member pages' shells. */
const PAGE_DIRS = [PRERENDERED_DIR, MEMBER_SHELL_DIR];

/**
 * How long a browser keeps a file of the build: hashed files (assets/) for good; the pages (the app
 * shell, the prerendered public pages, the member pages' shells) and the service worker's scripts
 * revalidated each time, so a new version shows at once; the other public files (favicon, icons, web
 * manifest, the service worker's Workbox runtime) for a day, then revalidated with their ETag.
 * Precompressed files (`.br`, `.gz`) as the file they stand for.
 */
export function cacheControlOf(file: string): string {
  const relative = file
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.has(relative) || PAGE_DIRS.some((dir) => relative.startsWith(`${dir}/`))) return 'no-cache';
  return 'public, max-age=86400';
}

/**
 * Serves the built PWA; unknown non-API GETs get index.html so the web router can answer them, the
 * public pages their prerendered HTML in the visitor's language (public-page.ts), home and the pages a
 * link opens their shell naming their files (member-shell.ts), painted for the visit (server-paint.ts),
 * and those a shared link opens (a profile, a post, a zone) with their preview card's tags
 * (link-preview.ts).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, previews?: LinkPreviews) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn(`no web build in ${distDir}: run "npm run build" to serve the web app`);
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // `/` is a page like the others (the start page's prerendered HTML or the app shell), not index.html.
    index: false,
    // The build writes .br and .gz beside each file: send those to browsers that accept them. They
    // are no routes of their own (with `wildcard: false` each file is one, a context kept for good:
    // 496 of the build's 831 were these copies, 3.5 MB of the server's heap once started).
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath: string) {
      res.header('Cache-Control', cacheControlOf(path.relative(distDir, filePath)));
    },
  });
  const built = new Set(
    [...prerenderedFiles(), ...memberShellFiles()].filter((file) => existsSync(path.join(distDir, file))),
  );
  // The same address answers a page in another language, or the app shell, by these headers: added
  // to the Vary the static plugin sets (Accept-Encoding) once it has.
  const pages = new WeakSet<FastifyRequest>();
  // The pages written for a request start from these files, each read once.
  const files = new Map<string, string>();
  app.addHook('onSend', async (request, reply) => {
    if (!pages.has(request)) return;
    const vary = reply.getHeader('vary');
    void reply.header('vary', [vary, 'Cookie, Accept-Language'].filter(Boolean).join(', '));
  });
  const painter = await loadPagePainter(app, distDir);
  const openPages = readOpenPages(distDir);
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (
      request.method !== 'GET' ||
      request.url.startsWith('/api') ||
      path.extname(request.url.split('?')[0]!)
    ) {
      return false;
    }
    pages.add(request);
    void answerPage(request, reply).catch((err: unknown) => reply.send(err));
    return true;
  };

  /**
   * A visitor sent to the start page from a page not open to them (visitor-start.ts); else the public
   * page's prerendered file; else the page's shell (or index.html), painted for the visit
   * when it is one the server paints, with the preview card's tags of a page a link opens. The card is
   * what a visitor may see, whoever asks; a card that cannot be read (the database away) leaves the
   * page without one, a paint that fails leaves it to the app, never the app unserved.
   */
  async function answerPage(request: FastifyRequest, reply: FastifyReply) {
    const start = visitorStartOf(request, openPages);
    if (start) return reply.header('Cache-Control', 'no-cache').redirect(start, 302);
    const prerendered = publicPageFile(request, built);
    if (prerendered) return sendFile(reply, prerendered);
    const shell = memberShellOf(request, built);
    const tags = await previews?.tagsOf(request).catch((err: unknown) => {
      request.log.error({ err }, 'the link preview failed');
      return null;
    });
    const started = performance.now();
    const painted = shell && painter ? await paint(painter, request, shell) : null;
    if (painted !== null) {
      // It may hold the member's data: no shared cache keeps it (Vary: Cookie as every page). What
      // painting cost the server, for the browser's timing of the page (B4).
      void reply.header('Cache-Control', 'private, no-cache');
      void reply.header('Server-Timing', `paint;dur=${(performance.now() - started).toFixed(1)}`);
      return sendHtml(reply, tags ? withLinkPreview(painted, tags) : painted);
    }
    if (!tags) return sendFile(reply, shell ?? 'index.html');
    void reply.header('Cache-Control', 'no-cache');
    return sendHtml(reply, withLinkPreview(htmlOf(shell ?? 'index.html'), tags));
  }

  /** A page file of the build, read once. */
  function htmlOf(file: string): string {
    let html = files.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(distDir, file), 'utf8');
      files.set(file, html);
    }
    return html;
  }
}

const sendFile = (reply: FastifyReply, file: string) =>
  reply.header('Cache-Control', 'no-cache').sendFile(file);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page written for this request, compressed as the API's answers are (members pay per KB; brotli at
 * quality 4, plugins/compression.ts), which the compression plugin does not do here: it hooks routes,
 * and pages are answered where no route matched.
 */
async function sendHtml(reply: FastifyReply, html: string) {
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  void reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, BROTLI_OPTIONS);
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(await gzipped(html, GZIP_OPTIONS));
  return reply.send(html);
}

/** Longer than this, a page is not worth waiting for: its shell answers and the app draws it. */
export const PAINT_TIMEOUT_MS = 3000;

/**
 * The page painted for the visit (decision 0057), or null: it sends the visit elsewhere, painting
 * failed, or it took longer than PAINT_TIMEOUT_MS.
 */
async function paint(painter: PagePainter, request: FastifyRequest, shell: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PAINT_TIMEOUT_MS)));
  try {
    const painted = await Promise.race([painter(request, shell), late]);
    if (painted === null) request.log.warn('the page was not painted in time, or sends the visit elsewhere');
    return painted;
  } catch (err) {
    request.log.error({ err }, 'painting the page failed: its shell answers');
    return null;
  } finally {
    clearTimeout(timer);
  }
}
