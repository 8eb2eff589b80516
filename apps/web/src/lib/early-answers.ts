import { api, urlOf } from './api-client.ts';

type Query = Parameters<typeof urlOf>[1];
type Early = { answer: Promise<unknown>; askedAt: number };

/** Older than this, an answer asked for early is not used: its screen asks again. */
const EARLY_ANSWER_MS = 30_000;

const early = new Map<string, Early>();

/**
 * Asks the API for what a screen will ask for, before the screen's code has loaded (e.g. home's first
 * lists beside home's chunks, router.tsx), so the answer is on its way rather than asked for once the
 * screen renders. The screen takes it with `takeEarlyAnswer`; a failure is not reported here (the
 * screen then asks itself and handles the error as usual).
 */
export function askEarly(path: string, query: Query): void {
  const url = urlOf(path, query);
  if (early.has(url)) return;
  early.set(url, { answer: api(path, { query }).catch(() => undefined), askedAt: Date.now() });
}

/**
 * The answer `askEarly` asked for with this request, once (a later request is a refresh and goes to
 * the server), or undefined: none asked for, too old, or it failed.
 */
export async function takeEarlyAnswer<T>(path: string, query: Query): Promise<T | undefined> {
  const url = urlOf(path, query);
  const found = early.get(url);
  if (!found) return undefined;
  early.delete(url);
  if (Date.now() - found.askedAt > EARLY_ANSWER_MS) return undefined;
  return (await found.answer) as T | undefined;
}
