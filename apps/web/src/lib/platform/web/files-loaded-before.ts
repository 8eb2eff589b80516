/** The app's hashed files this page loaded before the service worker controlled it. */
export function filesLoadedBefore(entries: readonly PerformanceEntry[], origin: string): string[] {
  return entries
    .map((entry) => new URL(entry.name, origin))
    .filter((url) => url.origin === origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}
