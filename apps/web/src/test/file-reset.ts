import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { vi } from 'vitest';

/**
 * The test files of a worker share one window and one process (vitest.config.ts: `isolate: false`,
 * decision 0039): what one file leaves behind must not reach the next. After each file's tests
 * (test-setup.ts) this puts back real timers and stubbed globals, clears the timers the
 * file's code set and the requests still pending on the window, empties the storage, goes back to
 * `/`, takes away the notices still shown or queued and English back, and has the next file import
 * the app's modules afresh. Packages stay loaded: those two keep state between files, and so does
 * React Router's ScrollRestoration, the positions it saved (a file that checks positions writes them
 * into the tab's storage first, where it reads them afresh: layouts/scroll-position.test.tsx).
 */
export async function fileReset(): Promise<void> {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  const timers = setTimers();
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  await (window as unknown as { happyDOM?: { abort(): Promise<void> } }).happyDOM?.abort();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  notifications.clean();
  notifications.cleanQueue();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  vi.resetModules();
}

const SET_TIMERS = Symbol.for('motema.test.setTimers');
type Timer = ReturnType<typeof setTimeout>;

/** The real timers set since the last reset: `setTimeout` and `setInterval` wrapped once a worker. */
function setTimers(): Set<Timer> {
  const holder = globalThis as typeof globalThis & { [SET_TIMERS]?: Set<Timer> };
  if (holder[SET_TIMERS]) return holder[SET_TIMERS];
  const timers = new Set<Timer>();
  const { setTimeout: later, setInterval: every } = globalThis;
  globalThis.setTimeout = Object.assign(
    (...args: Parameters<typeof later>) => {
      const timer = later(...args);
      timers.add(timer);
      return timer;
    },
    { __promisify__: later.__promisify__ },
  ) as typeof later;
  globalThis.setInterval = ((...args: Parameters<typeof every>) => {
    const timer = every(...args);
    timers.add(timer);
    return timer;
  }) as typeof every;
  holder[SET_TIMERS] = timers;
  return timers;
}
