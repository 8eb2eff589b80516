import { useLayoutEffect } from 'react';
import type { Location } from 'react-router';

/**
 * Where each page opens, with React Router's ScrollRestoration: a new page at its top, back and
 * forward where the member was, and the first page of a load that was on screen before React drew it
 * (painted by the server, prerendered by the build, or home's kept copy) where it is.
 */

/**
 * The key of a page's scroll position. A fresh load's first page always has the key "default" (it has
 * no history entry of the router's yet), so the last position saved under it, in another load of the
 * tab, was restored on any page loaded afresh: each load's first page gets a key of its own. So does a
 * first page on screen before React, reloaded: the browser has put it back where it was, and the
 * member may have scrolled it since; the position saved before the reload, restored once the router
 * had it, sent a member who had scrolled down to a comment field back to the top.
 */
const FIRST_PAGE_KEY = `default:${performance.timeOrigin}`;
let onScreenPageKey: string | null = null;
export const scrollKey = (location: Location) =>
  location.key === 'default' || location.key === onScreenPageKey ? FIRST_PAGE_KEY : location.key;

let keepFirstPage = false;

/** Says, before React draws the first page, that this page is already on screen. */
export function keepFirstPageScroll(): void {
  keepFirstPage = true;
  // The router's key for the page is in its history entry (a page opened by a link has none).
  onScreenPageKey = (window.history.state as { key?: string } | null)?.key ?? null;
}

/**
 * Keeps the first page where it is when React takes it over. ScrollRestoration opens every new page
 * at its top, the first one of a load too, once its lazy routes have loaded (its own exception, for
 * pages hydrated with loader data, does not reach pages whose code loads lazily): a member who had
 * scrolled a painted post down to its comment field was sent back to the top as the app took over, and
 * their tap on Send landed on the video. Rendered just before the ScrollRestoration, its effect runs
 * just before that one's: it notes where the page is, and puts it back there after the commit, before
 * the browser paints.
 */
export function FirstPageScroll() {
  useLayoutEffect(() => {
    if (!keepFirstPage) return;
    keepFirstPage = false;
    const { scrollY } = window;
    if (scrollY > 0) queueMicrotask(() => window.scrollTo(0, scrollY));
  }, []);
  return null;
}
