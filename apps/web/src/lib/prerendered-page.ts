import { isPrerenderedPath, KEPT_COPY_ATTRIBUTE } from '@motema/shared/public-pages';

/** The attribute of the root element that names the path a prerendered page was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Marks the full style sheets of a prerendered page, linked for print so they do not hold its first
 * paint (it paints with the critical CSS inline, build/critical-css.ts).
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/** Applies the page's full style sheets to the screen, for what it shows once it runs. */
export function applyFullStyles(document: Document): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${AFTER_PAINT_ATTRIBUTE}]`))
    link.media = 'all';
}

export type PrerenderedPage = {
  path: string;
  language: string;
  /**
   * Whether the browser would render this very HTML at `location` in `language`: the build renders
   * each page without a query, so one the page reads (the start page's `from`, the terms' `lang`)
   * has it rendered anew.
   */
  matches: (location: Pick<Location, 'pathname' | 'search'>, language: string) => boolean;
};

/**
 * The public page the build prerendered into `root` (build/prerender.ts), with its language (the
 * document's `lang`, read before i18next sets it), or null for the app shell's empty root.
 */
export function prerenderedPage(root: HTMLElement): PrerenderedPage | null {
  const path = root.getAttribute(PRERENDERED_ATTRIBUTE);
  if (!path || !isPrerenderedPath(path) || !root.hasChildNodes()) return null;
  const language = root.ownerDocument.documentElement.lang;
  return {
    path,
    language,
    matches: (location, current) => {
      const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : '/';
      // `?lang=` only when it names the page's language (the terms follow it whatever the interface).
      const query = [...new URLSearchParams(location.search)];
      const plain = query.every(([key, value]) => key === 'lang' && value === language);
      return pathname === path && current === language && plain;
    },
  };
}

/**
 * The path of the page the service worker drew into `root` from what the device kept of it (home,
 * decision 0024; build/public-pages-worker.ts), or null. Unlike a prerendered page it is not hydrated:
 * it was drawn from an earlier visit's lists, so React renders the page anew in its place.
 */
export function keptCopyPath(root: HTMLElement): string | null {
  const path = root.getAttribute(KEPT_COPY_ATTRIBUTE);
  return path && root.hasChildNodes() ? path : null;
}

type Typed = {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  checked: boolean;
  /** Checks in a row that found the field as typed, once React has it. */
  held: number;
};

const reactHasIt = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
const isBox = (field: Element): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * What a visitor typed or ticked in the prerendered page's fields before React took it over: React
 * sets a controlled field back to its state ('' in a new form) as it hydrates it. Read before
 * `hydrateRoot`; the returned function gives each field its value back once React has hydrated it
 * (again should a commit reset it, until it holds), through the events React listens to, so the
 * form's state has it too.
 */
export function keepTypedValues(root: HTMLElement): () => void {
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const changed = isBox(field)
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;
    if (changed) typed.push({ field, value: field.value, checked: isBox(field) && field.checked, held: 0 });
  }
  return () => {
    const started = Date.now();
    const check = () => {
      for (const entry of typed) {
        if (!entry.field.isConnected || !reactHasIt(entry.field)) continue;
        if (asTyped(entry)) entry.held++;
        else {
          entry.held = 0;
          giveBack(entry);
        }
      }
      const waiting = typed.some((entry) => entry.field.isConnected && entry.held < 3);
      // Hydration goes by Suspense boundary: a field's may come a little later.
      if (waiting && Date.now() - started < 10_000) setTimeout(check, 50);
    };
    if (typed.length > 0) setTimeout(check, 0);
  };
}

const asTyped = ({ field, value, checked }: Typed) =>
  isBox(field) ? field.checked === checked : field.value === value;

function giveBack({ field, value, checked }: Typed): void {
  if (isBox(field)) {
    if (field.checked !== checked) field.click();
    return;
  }
  // The prototype's setter: React tracks the value set through the element's own one.
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
