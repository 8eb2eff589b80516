import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFilesLoadedBefore } from './files-loaded-before.ts';

const entry = (name: string, startTime = 0) => ({ name, startTime }) as PerformanceEntry;
const at = (path: string) => `${location.origin}${path}`;

describe('the files loaded before the service worker took the page over', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('are asked for again: the app’s own hashed files, then one still downloading at the takeover', () => {
    const fetch = vi.fn(async (_file: string) => new Response(''));
    let observed: ((list: { getEntries: () => PerformanceEntry[] }) => void) | null = null;
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof observed) {
          observed = callback;
        }
        observe() {}
      },
    );
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      entry(at('/assets/index-Ab12.js')),
      entry(at('/assets/home-Cd34.css')),
      entry(at('/assets/index-Ab12.js')),
      entry(at('/api/users/profile')),
      entry(at('/locales/en/common.json')),
      entry('https://cdn.example/assets/other.js'),
    ]);
    const now = performance.now();
    keepFilesLoadedBefore();
    const asked = () => fetch.mock.calls.map(([file]) => file);
    expect(asked()).toEqual(['/assets/index-Ab12.js', '/assets/home-Cd34.css']);

    // Arrived after the takeover: the attachments chunk started before it, another chunk after it.
    observed!({
      getEntries: () => [
        entry(at('/assets/attachments-Cz9L.js'), now - 50),
        entry(at('/assets/thread-Ef56.js'), now + 10_000),
      ],
    });
    expect(asked()).toEqual([
      '/assets/index-Ab12.js',
      '/assets/home-Cd34.css',
      '/assets/attachments-Cz9L.js',
    ]);
  });
});
