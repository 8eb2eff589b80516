/**
 * On a first visit the service worker takes the page over only after the page has loaded its first
 * files: those never went through it, so it never kept them, and a module already loaded is not asked
 * for again. Asked once more when the worker takes over, they are kept (from the browser's HTTP cache,
 * where hashed files stay a year: no download), and the screens open offline from then on. A file
 * still downloading at the takeover started outside the worker but is in the page's timeline only
 * once it arrives: it is asked for then (a chat's attachments chunk was never kept so, and the thread
 * did not open offline). Kept small: it is in the start page's code.
 */
export function keepFilesLoadedBefore(): void {
  const takeover = performance.now();
  const asked = new Set<string>();
  const keep = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const { origin, pathname } = new URL(entry.name);
      if (entry.startTime >= takeover || origin !== location.origin || !pathname.startsWith('/assets/'))
        continue;
      // Each file once, however many times the timeline names it.
      if (asked.has(pathname)) continue;
      asked.add(pathname);
      void fetch(pathname).catch(() => {});
    }
  };
  keep(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: 'resource' });
}
