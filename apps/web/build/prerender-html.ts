/**
 * The HTML of a prerendered public page, made from the build's index.html (build/prerender.ts): the
 * page's markup in the root, its language and title, and the styles it paints with inline instead of
 * the stylesheet link, so the first paint waits for no other file and for no script.
 */
import { AFTER_PAINT_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../src/lib/prerendered-page.ts';

export type PrerenderedPageHtml = {
  /** The path the page answers (the root's data-prerendered, read by lib/prerendered-page.ts). */
  path: string;
  language: string;
  /** The markup React rendered into the root. */
  body: string;
  /** The document title the page sets, or null to keep index.html's. */
  title: string | null;
  /** The styles the page paints with (critical-css.ts), inline. */
  css: string;
  /**
   * The full sheets of the entry and of the page's chunks, linked for print so they do not block the
   * paint: main.tsx applies them to the screen when React takes the page over.
   */
  stylesheets: readonly string[];
  /** Files of the build the page loads next (its chunk, its texts): fetched while the entry runs. */
  modulePreloads: readonly string[];
  /** The root's attribute naming the path: data-prerendered (the default) or data-server-painted. */
  rootAttribute?: string;
  /** What follows the root: a server-painted page's answers. */
  afterRoot?: string;
};

// The stylesheet links, and a member shell's preloads of its page's sheets: linked for print instead.
const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*|<link rel="preload" as="style"[^>]*>\s*/g;
const ROOT = /<div id="root"[^>]*><\/div>/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces `pattern` in `html` once, and fails the build when index.html no longer has it. */
function replaceOnce(html: string, pattern: RegExp | string, replacement: string, label = String(pattern)) {
  const found = typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html);
  if (!found) throw new Error(`index.html has no ${label} to prerender into`);
  return html.replace(pattern, () => replacement);
}

export function prerenderedHtml(template: string, page: PrerenderedPageHtml): string {
  let html = template;
  // Mantine's colour variables hang on this attribute, which its script sets only when it runs:
  // the light scheme paints first (a dark-scheme phone switches once the page is hydrated).
  html = replaceOnce(
    html,
    /<html lang="[^"]*">/,
    `<html lang="${escapeHtml(page.language)}" data-mantine-color-scheme="light">`,
  );
  if (page.title !== null)
    html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  // `</style` cannot occur in CSS the build wrote, but a stray one would end the element early.
  const css = page.css.replace(/<\/style/gi, '<\\/style');
  const preloads = page.modulePreloads
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const sheets = page.stylesheets
    .map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}" media="print" ${AFTER_PAINT_ATTRIBUTE}>`,
    )
    .join('');
  html = html.replace(STYLESHEET, '');
  html = replaceOnce(html, '</head>', `${preloads}<style>${css}</style>${sheets}</head>`);
  const attribute = page.rootAttribute ?? PRERENDERED_ATTRIBUTE;
  return replaceOnce(
    html,
    ROOT,
    `<div id="root" ${attribute}="${escapeHtml(page.path)}">${page.body}</div>${page.afterRoot ?? ''}`,
    '<div id="root"></div>',
  );
}

const CODE = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The page's code moved from the head to the end of the body: for a page painted with its content,
 * whose pictures (a profile's photo, the cards' avatars) are then asked for before the scripts, which
 * the page does not need to show itself. A module script runs after the document is parsed wherever
 * it stands, and the preloads still start while the page paints, at low priority.
 */
export function codeAfterContent(html: string): string {
  const head = html.slice(0, html.indexOf('</head>'));
  const code = head.match(CODE) ?? [];
  if (code.length === 0) return html;
  const moved = head.replace(CODE, '') + html.slice(head.length);
  // The preloads after the pictures too: asked for at once, but at low priority.
  const tags = code.map((tag) =>
    tag.trim().replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'),
  );
  return replaceOnce(moved, '</body>', `${tags.join('')}</body>`);
}
