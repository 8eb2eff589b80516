import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A page the server painted for this visit (server-render.tsx, decision 0057): its root names the
 * path it was painted for, and the API's answers it was drawn from follow it as JSON.
 */
export const SERVER_PAINTED_ATTRIBUTE = 'data-server-painted';
export const PAINTED_ANSWERS_ID = 'motema-answers';

/** The answers a page was drawn from: each query's key and data. */
export type PaintedAnswers = [QueryKey, unknown][];

/** `answers` as the page carries them: JSON that cannot end its script element early. */
export const paintedAnswersJson = (answers: PaintedAnswers) =>
  JSON.stringify(answers).replace(/</g, '\\u003c');

/**
 * Puts the answers a server-painted `root` was drawn from in the cache, as just answered, before
 * anything asks for them, so the app takes the page over without asking again; the path the page was
 * painted for, or null for any other page.
 */
export function takePaintedAnswers(root: HTMLElement, client: QueryClient): string | null {
  const path = root.getAttribute(SERVER_PAINTED_ATTRIBUTE);
  const script = root.ownerDocument.getElementById(PAINTED_ANSWERS_ID);
  if (!path || !script?.textContent) return null;
  for (const [queryKey, data] of JSON.parse(script.textContent) as PaintedAnswers)
    client.setQueryData(queryKey, data);
  return path;
}
