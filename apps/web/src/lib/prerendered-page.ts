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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Checks in a row that find a field as typed before it is left alone. */
const HELD = 3;

type Typed = {
  field: Field;
  value: string;
  checked: boolean;
  /** Checks in a row that found the field as typed, once React has it. */
  held: number;
};

const reactMarked = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
/**
 * Whether React holds the field; a select by its first option, hydrated with it (the tests' DOM,
 * happy-dom, lists no key of a select's own).
 */
const reactHasIt = (field: Field) => reactMarked(isSelect(field) ? (field.options[0] ?? field) : field);
const isBox = (field: Element): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const isSelect = (field: Element): field is HTMLSelectElement => field instanceof HTMLSelectElement;

/** Whether the field shows something else than the page was sent with. */
function changed(field: Field): boolean {
  // A select's options as sent are those with the attribute `selected` (happy-dom has no defaultSelected).
  if (isSelect(field))
    return [...field.options].some((option) => option.selected !== option.hasAttribute('selected'));
  return isBox(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
}

/**
 * What a visitor typed, ticked or chose in the prerendered page's fields before React took it over:
 * React sets a controlled field back to its state ('' in a new form) as it hydrates it, and takes a
 * select over as it shows, its state left as it was (the language switch showed the language chosen,
 * the page staying in the one before). Read before `hydrateRoot`; the returned function gives each
 * field its value back once React has hydrated it (again should a commit reset it, until it holds),
 * through the events React listens to, so the form's state has it too; a select's once.
 */
export function keepTypedValues(root: HTMLElement): () => void {
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (changed(field))
      typed.push({ field, value: field.value, checked: isBox(field) && field.checked, held: 0 });
  }
  return () => {
    const started = Date.now();
    const check = () => {
      for (const entry of typed) {
        if (!entry.field.isConnected || !reactHasIt(entry.field)) continue;
        if (isSelect(entry.field)) {
          if (entry.held === 0) giveBack(entry);
          entry.held = HELD;
        } else if (asTyped(entry)) entry.held++;
        else {
          entry.held = 0;
          giveBack(entry);
        }
      }
      const waiting = typed.some((entry) => entry.field.isConnected && entry.held < HELD);
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
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  // React hears a select change by `change`, a text field by `input`.
  field.dispatchEvent(new Event(isSelect(field) ? 'change' : 'input', { bubbles: true }));
}
