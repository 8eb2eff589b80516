import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { isApiError, whenServerAnswers } from './api-client.ts';
import { deviceRecord } from './device-record.ts';
import type { Me } from '@motema/shared/users';
import { navigate, setExitPath } from './navigation.ts';
import { hideOfflineNotice, notifyError, showOfflineNotice, showWaitingNotice } from './notices.ts';
import { forgetHomeCopy } from './home-copy.ts';
import { server } from './platform/server.ts';

export const ME_QUERY_KEY = ['users', 'profile'] as const;

/**
 * The error catalogue of SPEC.md section 8, applied once for every query and mutation:
 * 401 -> disconnected and to login; no answer -> the persistent offline notice; other errors -> the
 * translated message for 2 seconds. A mutation whose form shows its own errors sets `meta.form`.
 */
export function handleApiError(error: unknown, options: { silent?: boolean; form?: boolean } = {}): void {
  if (!isApiError(error)) return;
  // An error with a status is an answer of the server: api-client.ts told it (the notice went then).
  if (error.status === 0) return showOfflineNotice();
  if (error.status === 401) {
    if (queryClient.getQueryData(ME_QUERY_KEY)) {
      endSession(
        queryClient,
        navigate,
        `/login?from=${encodeURIComponent(location.pathname + location.search)}`,
      );
    }
    return;
  }
  // The payment-required dialog says it (SPEC section 8), opened by the call that met the paywall.
  if (options.silent || options.form || error.code === 'payment_required') return;
  notifyError(i18next.t(`errors:${error.code}`, { defaultValue: error.message }));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => handleApiError(error, { silent: query.meta?.silent === true }),
  }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => handleApiError(error, { form: mutation.meta?.form === true }),
  }),
  defaultOptions: {
    // The API client already retries 3 times with exponential delay.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Keeps the remembered profile in step with `client`'s: every answer and every change made in the app
 * (saved settings, the onboarding), so a page opened later never starts from an outdated one.
 */
export function rememberProfileChanges(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== hashKey(ME_QUERY_KEY)) return;
    rememberMe((event.query.state.data as Me | null | undefined) ?? null);
  });
}
rememberProfileChanges(queryClient);

// The server answered a call: the connection is back, and the notice saying it was not goes.
whenServerAnswers(() => hideOfflineNotice());

/**
 * A change submitted offline waits (TanStack Query pauses the call while the browser is offline and
 * sends it once back online): the connection notice says it is not sent yet, beside the form's spinner.
 */
export function followPausedMutations(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'pause') showWaitingNotice();
  });
}
followPausedMutations(queryClient);

/**
 * Forgets the member and everything cached for them, then goes to `exitTo`. The navigation guard
 * waits for that navigation instead of racing it with its own visitor redirect.
 */
const keptMe = deviceRecord<Me>('motema.me', (stored) => (stored ? (stored as Me) : null));

/**
 * The last profile the server answered, kept on this device so a page opened without a network keeps
 * the member in the app instead of sending them to the start page. Forgotten when the session ends.
 */
export function rememberMe(me: Me | null): void {
  const previous = rememberedMe()?._id;
  // Another member, or none: what was kept of the previous one's data goes with them.
  if (previous && previous !== me?._id) forgetMemberCache(previous);
  // Storage full or refused: offline reloads then show the start page, nothing worse.
  if (me) keptMe.keep(me);
  else keptMe.forget();
}

/**
 * The database where a member's recent conversations and messages are kept on this device
 * (persisted-queries.ts), so they show offline.
 */
export const memberCacheDatabase = (memberId: string) => `motema-cache:${memberId}`;

/**
 * Deletes what this device kept of a member's data (at logout, or once the server no longer knows the
 * session). An open copy closes itself when asked to (member-cache-store.ts), so the deletion is not
 * blocked; this is all the start page carries of that cache.
 */
function forgetMemberCache(memberId: string): void {
  // Home as drawn for them (lib/home-copy.ts): the same lists, drawn.
  void forgetHomeCopy();
  try {
    indexedDB.deleteDatabase(memberCacheDatabase(memberId));
  } catch {
    // No IndexedDB: nothing was kept.
  }
}

export const rememberedMe = (): Me | null => keptMe.read();

/**
 * The member this page knows of now: the profile's answer once it came (null for a visitor), before it
 * the member last seen on this device.
 */
export function knownMe(client: QueryClient): Me | null {
  const me = client.getQueryData<Me | null>(ME_QUERY_KEY);
  return me === undefined ? rememberedMe() : me;
}

export function endSession(client: QueryClient, go: (path: string) => void, exitTo: string): void {
  setExitPath(exitTo);
  rememberMe(null);
  server.forgetSession();
  client.removeQueries({ predicate: (query) => query.queryHash !== hashKey(ME_QUERY_KEY) });
  client.setQueryData(ME_QUERY_KEY, null);
  go(exitTo);
}
