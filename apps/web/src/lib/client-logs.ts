import type { ClientLog, ClientLogs } from '@motema/shared/devices';
import {
  CLIENT_LOG_TEXT_MAX,
  CLIENT_LOGS_MAX,
  CLIENT_LOGS_MAX_BYTES,
  clientLogsBytes,
} from '@motema/shared/limits';

/**
 * The app's uncaught errors and rejections, sent to the server's log over the socket event `events`
 * (SPEC section 7), batched: a batch at most every FLUSH_MS, of at most CLIENT_LOGS_MAX entries and
 * CLIENT_LOGS_MAX_BYTES (under the socket's frame limit: a larger one would cost the socket), so an
 * error thrown in a loop costs a batch or three, well under the server's limit per member. Kept here
 * while no socket is connected (a visitor, the network away): at most CLIENT_LOGS_MAX, the first
 * ones, which usually explain the rest.
 */
export const CLIENT_LOGS_FLUSH_MS = 5000;

type Send = (logs: ClientLogs) => void;

let pending: ClientLog[] = [];
let send: Send | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

const cut = (text: string) => text.slice(0, CLIENT_LOG_TEXT_MAX);

function schedule(): void {
  if (timer !== undefined || !send || pending.length === 0) return;
  timer = setTimeout(flush, CLIENT_LOGS_FLUSH_MS);
}

function flush(): void {
  timer = undefined;
  if (!send || pending.length === 0) return;
  send({ logs: pending.splice(0, fitting()) });
  schedule();
}

/** How many of the first pending entries make a batch within the caps (one at least: any entry fits). */
function fitting(): number {
  let count = 1;
  while (
    count < Math.min(pending.length, CLIENT_LOGS_MAX) &&
    clientLogsBytes(pending.slice(0, count + 1)) <= CLIENT_LOGS_MAX_BYTES
  )
    count += 1;
  return count;
}

/** Records an entry (cut to the server's caps), with the app's path (never its query: it may hold a token). */
export function recordClientLog(level: ClientLog['level'], message: string, stack?: string): void {
  if (pending.length >= CLIENT_LOGS_MAX) return;
  pending.push({
    level,
    message: cut(message),
    ...(stack ? { stack: cut(stack) } : {}),
    path: location.pathname.slice(0, 256),
    at: Date.now(),
  });
  schedule();
}

/** Where batches go: the member's socket once connected (lib/socket.ts), null when it leaves. */
export function setClientLogsSink(sink: Send | null): void {
  send = sink;
  clearTimeout(timer);
  timer = undefined;
  schedule();
}

/** What an `error` event or a rejection's reason says, and its stack when it is an Error. */
function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  try {
    return { message: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)) };
  } catch {
    return { message: String(reason) };
  }
}

/** Listens to the page's uncaught errors and unhandled rejections (main.tsx); returns how to stop. */
export function captureClientErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } = event.error
      ? describe(event.error)
      : { message: event.message, stack: undefined };
    recordClientLog('error', message || 'error', stack);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describe(event.reason);
    recordClientLog('error', `unhandled rejection: ${message}`, stack);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** For tests: forgets what is kept and the sink. */
export function resetClientLogs(): void {
  pending = [];
  setClientLogsSink(null);
}
