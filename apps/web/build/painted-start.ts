/**
 * The script that starts a page painted by the server (decision 0057), loaded by every member shell,
 * and by the prerendered pages with a form (build/prerender.ts) for the early taps alone.
 *
 * Pictures first, for the pages a link opens (a profile, a post, a zone: @motema/shared/member-shells'
 * VISITOR_SHELLS). Such a page shows itself from its document; its largest paint is a picture (the
 * profile's photo, the post's), and on a slow line every request in flight shares it: the app's ~300 KB
 * of code, asked for beside the picture, held a profile's photo back (bar B4's LCP). So their shell
 * names its code in this script's `data-code` instead of in tags the browser fetches at once, and the
 * script starts the code when the page's pictures are in: the entry and its preloads then download
 * alone, and the app takes the page over from there. A page without a pending picture (a shell the
 * server could not paint) starts its code at once. Home's shell keeps its own tags (its buttons should
 * work as soon as possible) and loads the script for what follows only.
 *
 * Early taps. Until the app has the page, its buttons are drawn but do nothing: a tap on one (not on a
 * link, which works without script) starts the code at once, whatever the pictures, and is kept, then
 * given to the button again once React holds it. Without it, "Ask to join" tapped on a painted zone
 * before the takeover was lost. Text typed into a field meanwhile starts the code too, and is given to
 * the field again through its value setter and an `input` event once React holds it, before the taps,
 * which wait a frame for React to draw the words (a Send tapped at once read an empty field). While
 * something is kept, what follows is kept after it, so that it reaches the page in the order it was
 * done. A kept control is dimmed and marked busy until its tap is given back, and tapping it again
 * meanwhile adds nothing (a toggle's taps all count).
 * Words typed before this script ran are found by the field's value against the one it was sent with;
 * taps made before it ran (it is a request of its own, run once the page is parsed) were kept by the
 * recorder inline in the page's head (@motema/shared/early-taps), and are taken over from it. Once this
 * script keeps the taps itself, it marks the page's `<html>` with TAPS_KEPT_ATTRIBUTE.
 * A part React draws anew instead of taking over (its nodes replaced, after a mismatch between the
 * server's render and the browser's) loses what was typed there: a page must render the same in both
 * (lib/navigation-state.ts).
 *
 * The browser's offer to install. Chromium fires `beforeinstallprompt` once a page, as soon as the page
 * shows, which for a painted page may be long before its code runs: the script keeps it where the app
 * looks for it (features/devices/install/install-capture.ts).
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EARLY_TAP_RECORDER_TAG,
  EARLY_TAPS_GLOBAL,
  TAPPABLE,
  TAPS_KEPT_ATTRIBUTE,
} from '@motema/shared/early-taps';
import { PAINTED_START_ATTRIBUTE } from '@motema/shared/member-shells';
import { KEPT_INSTALL } from '../src/features/devices/install/install-capture.ts';

/**
 * Plain script that keeps the browser's offer to install, once a page, for the app's code, where it
 * keeps it (features/devices/install/install-capture.ts), the browser's own bar prevented: run first
 * by the scripts that start the app after the page shows (this one, and the service worker's for the
 * pages it draws: build/public-pages-worker.ts), as the offer may come before the app's code runs.
 */
export const KEEP_INSTALL_OFFER = `addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    (window.${KEPT_INSTALL} ??= { prompt: null, installed: false }).prompt = event;
  });
`;

/** The script's attribute holding the code to start: `{"entry": "/assets/…", "preloads": ["/assets/…"]}`. */
export const CODE_ATTRIBUTE = 'data-code';

/** The longest what was typed and tapped waits for React to hold its element, in ms, from the page's start. */
const GIVE_BACK_WAIT_MS = 60_000;

/**
 * The longest the code waits for the pictures, in ms: a picture that never arrives (a stalled line)
 * must not keep the app from taking over.
 */
const LONGEST_WAIT_MS = 4000;

/**
 * The script, plain JavaScript (no build step, no import): the pictures it waits for are those the page
 * is loading now, not those it loads lazily when scrolled to.
 */
export function paintedStartSource(): string {
  return `// Written by the build (apps/web/build/painted-start.ts).
(() => {
  ${KEEP_INSTALL_OFFER}
  const tag = document.querySelector('script[${CODE_ATTRIBUTE}]');
  const code = tag ? JSON.parse(tag.getAttribute('${CODE_ATTRIBUTE}')) : null;
  // Without code to name, the page's own tags load it.
  let started = code === null;
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
  // A tap or typing on an element React holds is its own; on one it does not hold yet (before the
  // takeover, or in a part it has yet to hydrate) it is kept, in order, and given back once React holds
  // the element. The listeners stay, as parts hydrate late. React holds an element once the render that
  // takes it over is committed, not as soon as it marks it with its fiber: until then React hands an
  // event on it to no one. The test is React's own (react-dom's getNearestMountedFiber): the fiber is
  // mounted when no fiber between it and the root is still being placed or hydrated (flags 4098).
  const held = (element) => {
    const key = Object.keys(element).find((name) => name.startsWith('__reactFiber'));
    if (!key) return false;
    const fiber = element[key];
    let node = fiber;
    let mounted = fiber;
    for (let next = fiber; next && !next.alternate; next = node.return) {
      node = next;
      if ((node.flags & 4098) !== 0) mounted = node.return;
    }
    while (node.return) node = node.return;
    return node.tag === 3 && mounted === fiber;
  };
  const kept = [];
  const typed = new Map();
  const since = Date.now();
  let watching = false;
  // The taps and typing given back pass through this script's listeners again: they let them go.
  let givingBack = false;
  const giveBackNow = (act) => {
    givingBack = true;
    try {
      act();
    } finally {
      givingBack = false;
    }
  };
  // While something is kept, what follows is kept after it, even on an element React holds: a Send
  // tapped once React had the button reached it before the words typed earlier, kept, reached the field.
  // Only what React will take over is kept: a control outside its root is left to itself.
  const root = document.getElementById('root');
  const ownedByReact = (element) => !root?.contains(element) || (kept.length === 0 && held(element));
  const giveBack = () => {
    while (kept.length > 0) {
      const element = kept[0];
      if (element.isConnected && !held(element) && Date.now() - since < ${GIVE_BACK_WAIT_MS}) break;
      kept.shift();
      if (!element.isConnected) continue;
      if (!typed.has(element)) {
        unmark(element);
        giveBackNow(() => element.click());
        continue;
      }
      // React noted the field's value when it took the field over (the words typed), and an input event
      // with that same value changes nothing for it: the field is emptied as React sees it, then given
      // its words back through the element's own setter, which React does not watch.
      element.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, typed.get(element));
      typed.delete(element);
      giveBackNow(() => element.dispatchEvent(new Event('input', { bubbles: true })));
      // React draws the words in a microtask: a tap given at once (Send) would find the field empty.
      break;
    }
    watching = kept.length > 0;
    if (watching) requestAnimationFrame(giveBack);
  };
  // A kept tap shows it was taken, the control dimmed and busy until it is given back: with no sign, a
  // member on a slow line taps again. A tap on a control already kept is such a repeat and is dropped
  // (each one sent the form again: an account registered, then refused as taken), except on a toggle
  // (aria-pressed), whose every tap counts. A field is kept once, with its last value.
  const marks = new Map();
  const mark = (element) => {
    if (typed.has(element) || marks.has(element)) return;
    marks.set(element, { opacity: element.style.opacity, busy: element.getAttribute('aria-busy') });
    element.style.opacity = '0.6';
    element.setAttribute('aria-busy', 'true');
  };
  const unmark = (element) => {
    const marked = marks.get(element);
    if (!marked || kept.includes(element)) return;
    marks.delete(element);
    element.style.opacity = marked.opacity;
    if (marked.busy === null) element.removeAttribute('aria-busy');
    else element.setAttribute('aria-busy', marked.busy);
  };
  const keep = (element) => {
    const toggle = !typed.has(element) && element.hasAttribute('aria-pressed');
    if (toggle || !kept.includes(element)) kept.push(element);
    mark(element);
    start();
    if (!watching) {
      watching = true;
      requestAnimationFrame(giveBack);
    }
  };
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (givingBack || !(field instanceof Element) || !('value' in field) || ownedByReact(field)) return;
      event.stopImmediatePropagation();
      typed.set(field, field.value);
      keep(field);
    },
    true,
  );
  // Typed before this script ran: a field whose value is no longer the one the page was sent with.
  for (const field of document.querySelectorAll('#root input, #root textarea')) {
    if (field.value === field.defaultValue || held(field)) continue;
    typed.set(field, field.value);
    keep(field);
  }
  // Tapped before this script ran: kept by the page's inline recorder, in order, after the words.
  const early = window.${EARLY_TAPS_GLOBAL};
  if (early) {
    early.stop();
    for (const element of early.taps) keep(element);
  }
  document.addEventListener(
    'click',
    (event) => {
      if (givingBack || !(event.target instanceof Element) || event.target.closest('a[href]')) return;
      const target = event.target.closest(${JSON.stringify(TAPPABLE)});
      if (!target || ownedByReact(target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      keep(target);
    },
    true,
  );
  // A form the app does not hold is never sent by the browser itself, to the page it is on, which comes
  // back empty: a tap given back after GIVE_BACK_WAIT_MS with no app to take it does nothing instead.
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof Element && root?.contains(event.target) && !held(event.target))
        event.preventDefault();
    },
    true,
  );
  document.documentElement.setAttribute('${TAPS_KEPT_ATTRIBUTE}', '');
  // Home names no code here: its own tags load it.
  if (code === null) return;
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
export function paintedStartFile(source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `assets/painted-start-${hash}.js`;
}

/**
 * Writes the script into the build's `outDir` and gives its file: the member shells and the prerendered
 * forms (build/prerender.ts) both load it, and whichever plugin runs first writes it (the same bytes).
 */
export async function writePaintedStart(outDir: string): Promise<string> {
  const source = paintedStartSource();
  const file = paintedStartFile(source);
  await writeFile(path.join(outDir, file), source);
  return file;
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A shell whose code starts after its pictures: index.html's entry script and the module preloads
 * (the build's and the page's `scripts`) replaced by the script `file`, which names them, the early
 * taps' recorder inline before it.
 */
export function codeAfterPicturesHtml(template: string, scripts: readonly string[], file: string): string {
  const entry = ENTRY.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script to start after the pictures');
  const buildPreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const code = {
    entry,
    preloads: [...buildPreloads.map((match) => match[1]!), ...scripts.map((script) => `/${script}`)],
  };
  let html = template.replace(ENTRY, () => '');
  for (const [tag] of buildPreloads) html = html.replace(tag, '');
  const tag = `${EARLY_TAP_RECORDER_TAG}<script type="module" src="/${file}" ${PAINTED_START_ATTRIBUTE} ${CODE_ATTRIBUTE}="${escapeAttribute(JSON.stringify(code))}"></script>`;
  return html.replace('</head>', () => `${tag}</head>`);
}

/** A shell that keeps its code's tags and loads the early taps' recorder and script `file` before them. */
export function earlyTapsHtml(template: string, file: string): string {
  if (!ENTRY.test(template)) throw new Error('index.html has no module script to keep the early taps before');
  return template.replace(
    ENTRY,
    (tag) =>
      `${EARLY_TAP_RECORDER_TAG}<script type="module" src="/${file}" ${PAINTED_START_ATTRIBUTE}></script>${tag}`,
  );
}
