import type { ServerPlatform } from '../server.ts';

/** The attributes that name a file for an element to load. */
const ATTRIBUTES = ['src', 'srcset', 'poster'] as const;
/** The server's media: files served under /api, each behind its viewer's right (QUALITY Z5). */
const SERVER_PATH = /^\/api\//;
/** How many files stay at hand (a screen's photos and a few screens back), the oldest let go first. */
const KEPT_FILES = 300;

/** Fetches one of the server's files with the session; tests pass a fake. */
export type MediaFetcher = (path: string) => Promise<Blob>;
/** Turns a file into an address an element loads (URL.createObjectURL), and lets one go. */
export type BlobUrls = { create(blob: Blob): string; revoke(url: string): void };

/** The server's file at `path`, fetched with the session's bearer (never in the URL: Z, logs). */
export const fetchWithSession =
  (server: ServerPlatform): MediaFetcher =>
  async (path) => {
    const token = server.sessionToken();
    const response = await fetch(`${server.origin}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`${response.status} for a media file`);
    return response.blob();
  };

/**
 * The server's media on the bundled copy's pages (decision 0052). Features show photos, videos and
 * voice notes by the paths the API gives (`/api/media/...`, `/api/posts/.../media/...`,
 * `/api/chat-files/...`), which the web view would ask of the shell's own origin, and whose right is
 * checked by the session the web view cannot send (no cookie of the server's site, no header on an
 * `<img>`). So, in the shell only, each element naming such a path gets the file fetched with the
 * session's bearer and shown from a blob: address; features keep their paths and never learn it.
 * A `srcset` gets the one candidate fitting the element (the browser would pick one too). Returns
 * what stops following the page.
 */
export function followServerMedia(
  root: ParentNode & Node,
  fetchFile: MediaFetcher,
  urls: BlobUrls = { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) },
): () => void {
  const kept = new Map<string, Promise<string>>();
  const blobOf = (path: string): Promise<string> => {
    const found = kept.get(path);
    if (found) {
      // The most recently used last, so the oldest goes first.
      kept.delete(path);
      kept.set(path, found);
      return found;
    }
    const url = fetchFile(path).then((blob) => urls.create(blob));
    kept.set(path, url);
    // A failed fetch is tried again by the next element that names the file.
    url.catch(() => kept.delete(path));
    for (const [oldPath, oldUrl] of kept) {
      if (kept.size <= KEPT_FILES) break;
      kept.delete(oldPath);
      void oldUrl.then(
        (old) => urls.revoke(old),
        () => undefined,
      );
    }
    return url;
  };

  const follow = (element: Element, name: (typeof ATTRIBUTES)[number]) => {
    const value = element.getAttribute(name);
    if (!value) return;
    const candidate = name === 'srcset' ? fittingCandidate(element, value) : { path: value, descriptor: '' };
    if (!candidate?.path || !SERVER_PATH.test(candidate.path)) return;
    blobOf(candidate.path).then(
      (url) => {
        // Unless the element names another file by now (a new render).
        if (element.getAttribute(name) === value) element.setAttribute(name, `${url}${candidate.descriptor}`);
      },
      () => undefined,
    );
  };
  const followTree = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const element of [node, ...node.querySelectorAll('[src], [srcset], [poster]')])
      for (const name of ATTRIBUTES) follow(element, name);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') follow(record.target as Element, record.attributeName as 'src');
      else record.addedNodes.forEach(followTree);
    }
  });
  // One page, one follower: a start bound again (tests, which may load this module anew) replaces
  // the one before, found on the page itself.
  const following = root as { [FOLLOWER]?: () => void };
  following[FOLLOWER]?.();
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [...ATTRIBUTES],
  });
  root.childNodes.forEach(followTree);
  following[FOLLOWER] = () => observer.disconnect();
  return following[FOLLOWER];
}

const FOLLOWER = Symbol.for('motema.server-media');

/**
 * Of a `srcset`'s candidates (`path 480w, ...`), the narrowest at least as wide as the element shows
 * on this screen (its width, else the window's, times the pixel ratio), else the widest.
 */
function fittingCandidate(
  element: Element,
  srcset: string,
): { path: string; descriptor: string } | undefined {
  const candidates = srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([path = '', descriptor]) => ({ path, width: Number(/^(\d+)w$/.exec(descriptor ?? '')?.[1] ?? 0) }))
    .sort((a, b) => a.width - b.width);
  const shown = ((element as HTMLElement).clientWidth || window.innerWidth) * (window.devicePixelRatio || 1);
  const fitting = candidates.find((candidate) => candidate.width >= shown) ?? candidates.at(-1);
  // Its width stays with it: a `sizes` beside a `srcset` asks for width descriptors.
  return fitting && { path: fitting.path, descriptor: fitting.width ? ` ${fitting.width}w` : '' };
}
