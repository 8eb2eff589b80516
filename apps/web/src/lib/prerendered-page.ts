import { isPrerenderedPath } from '@motema/shared/public-pages';

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
