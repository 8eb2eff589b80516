import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a piece of work was started for: one HTTP request, one upgrade, one socket event. Everything
 * run for it (callbacks, timers, promises) carries the scope, so an exception nobody caught can be
 * pinned on it: the request answered 500 or the connection dropped, the process spared
 * (process-guards.ts, decision 0012).
 */
export type RequestScope = {
  /** For the log: "GET /api/users", "socket event chats:typing". */
  what: string;
  /** Ends the work for the client: answers 500 if nothing was sent yet, else drops the connection. */
  abandon: () => void;
};

const storage = new AsyncLocalStorage<RequestScope>();

export function runInScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the code running now, if it was started for a client. */
export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}
