/**
 * Pictures first, for the pages a link opens (a profile, a post, a zone: @motema/shared/member-shells'
 * VISITOR_SHELLS). Painted by the server (decision 0057), such a page shows itself from its document;
 * its largest paint is a picture (the profile's photo, the post's), and on a slow line every request in
 * flight shares it: the app's ~300 KB of code, asked for beside the picture, held a profile's photo back
 * (bar B4's LCP). So the shell names its code in one small script instead of in tags the browser
 * fetches at once, and that script starts the code when the page's pictures are in: the entry and its
 * preloads then download alone, and the app takes the page over from there. A page without a pending
 * picture (a shell the server could not paint) starts its code at once.
 */
import { createHash } from 'node:crypto';

/** The script's attribute holding the code to start: `{"entry": "/assets/…", "preloads": ["/assets/…"]}`. */
export const PICTURES_FIRST_ATTRIBUTE = 'data-code';

/**
 * The longest the code waits for the pictures, in ms: a picture that never arrives (a stalled line)
 * must not keep the app from taking over.
 */
const LONGEST_WAIT_MS = 4000;

/**
 * The script, plain JavaScript (no build step, no import): the pictures it waits for are those the page
 * is loading now, not those it loads lazily when scrolled to.
 */
export function picturesFirstSource(): string {
  return `// Written by the build (apps/web/build/pictures-first.ts).
(() => {
  const tag = document.querySelector('script[${PICTURES_FIRST_ATTRIBUTE}]');
  if (!tag) return;
  const code = JSON.parse(tag.getAttribute('${PICTURES_FIRST_ATTRIBUTE}'));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of code.preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(code.entry);
  };
  const pending = Array.from(document.images).filter((image) => !image.complete && image.loading !== 'lazy');
  let left = pending.length;
  if (left === 0) return start();
  const done = () => {
    left -= 1;
    if (left === 0) start();
  };
  for (const image of pending) {
    image.addEventListener('load', done, { once: true });
    image.addEventListener('error', done, { once: true });
  }
  setTimeout(start, ${LONGEST_WAIT_MS});
})();
`;
}

/** The script's file in the build, named after its content as the build's other files are. */
export function picturesFirstFile(source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `assets/pictures-first-${hash}.js`;
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A shell whose code starts after its pictures: index.html's entry script and the module preloads
 * (the build's and the page's `scripts`) replaced by the script `file`, which names them.
 */
export function picturesFirstHtml(template: string, scripts: readonly string[], file: string): string {
  const entry = ENTRY.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script to start after the pictures');
  const buildPreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const code = {
    entry,
    preloads: [...buildPreloads.map((match) => match[1]!), ...scripts.map((script) => `/${script}`)],
  };
  let html = template.replace(ENTRY, () => '');
  for (const [tag] of buildPreloads) html = html.replace(tag, '');
  const tag = `<script type="module" src="/${file}" ${PICTURES_FIRST_ATTRIBUTE}="${escapeAttribute(JSON.stringify(code))}"></script>`;
  return html.replace('</head>', () => `${tag}</head>`);
}
