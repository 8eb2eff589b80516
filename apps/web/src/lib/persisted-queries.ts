import { hashKey, partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Me } from '@motema/shared/users';
import { openStore, readKept, writeKept, type KeptQuery } from './member-cache-store.ts';
import { ME_QUERY_KEY } from './query-client.ts';

export type { KeptQuery };

/**
 * Queries kept on the device for the member, so their screens show offline what was last seen
 * (a feature declares its own with `keepOnDevice`, next to its query keys). Kept: the last answer of
 * each matching query, bounded by the policy, saved a moment after it changes (at once when the page is hidden or left), in the member's own
 * database, deleted when the device forgets the member (logout, a session the server ended, another
 * member: lib/query-client.ts). A screen starts from it with `keptStart` (its query's `initialData`,
 * stale), so it is refetched at once when there is a network.
 *
 * Why `initialData` rather than hydrating the cache on start: a query nobody observes is garbage
 * collected after 5 minutes and one that is held is kept gapless by the chat's catch-up on every
 * connect; a kept copy waits outside the cache until its screen opens, costing no request before.
 */
export type KeepPolicy = {
  /** Whether a query is kept. */
  keeps(queryKey: QueryKey): boolean;
  /** What is kept of the policy's queries: each trimmed, those no longer wanted left out. */
  bound(queries: KeptQuery[]): KeptQuery[];
};

/** Answers that come together are written together; short, as a reload may follow soon. */
const SAVE_DELAY_MS = 300;
const policies: KeepPolicy[] = [];

/** Declares queries to keep on the device (once per policy, when the feature's module loads). */
export function keepOnDevice(policy: KeepPolicy): void {
  if (policies.includes(policy)) return;
  policies.push(policy);
  // Answers already in the cache before the feature declared them (a page the server painted puts
  // them there before any feature's code runs, decision 0057) are kept as later ones are.
  if (session && followed)
    void session.ready.then(() => {
      for (const query of followed?.getQueryCache().getAll() ?? [])
        if (policy.keeps(query.queryKey)) note(query);
    });
}

type Session = {
  memberId: string;
  db: Promise<IDBDatabase | null>;
  /** Restored, then every change of a kept query: what `keptData` answers. */
  kept: Map<string, KeptQuery>;
  /** What the database holds, and what changed since the last save. */
  stored: Set<string>;
  changed: Set<string>;
  ready: Promise<void>;
  timer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
};

let session: Session | null = null;
let followed: QueryClient | null = null;

function start(memberId: string): Session {
  const opened: Session = {
    memberId,
    db: Promise.resolve(null),
    kept: new Map(),
    stored: new Set(),
    changed: new Set(),
    ready: Promise.resolve(),
    timer: null,
    closed: false,
  };
  opened.db = openStore(memberId, () => close(opened));
  opened.ready = opened.db
    .then(async (db) => {
      if (!db || opened.closed) return;
      for (const query of await readKept(db)) {
        // A change seen while reading is newer than what was stored.
        if (!opened.kept.has(query.hash)) opened.kept.set(query.hash, query);
        opened.stored.add(query.hash);
      }
    })
    .catch(() => undefined);
  return opened;
}

function close(closing: Session | null): void {
  if (!closing) return;
  closing.closed = true;
  if (closing.timer) clearTimeout(closing.timer);
  if (session === closing) session = null;
}

/** The bounded set of kept queries, policy by policy; a query no policy keeps is left out. */
function bounded(kept: Map<string, KeptQuery>): Map<string, KeptQuery> {
  const all = [...kept.values()];
  const next = new Map<string, KeptQuery>();
  for (const policy of policies)
    for (const query of policy.bound(all.filter((candidate) => policy.keeps(candidate.queryKey))))
      next.set(query.hash, query);
  return next;
}

async function save(saving: Session): Promise<void> {
  saving.timer = null;
  await saving.ready;
  const db = await saving.db;
  if (!db || saving.closed) return;
  const next = bounded(saving.kept);
  const puts = [...next.values()].filter(
    (query) => saving.changed.has(query.hash) || !saving.stored.has(query.hash),
  );
  const deletes = [...saving.stored].filter((hash) => !next.has(hash));
  saving.kept = next;
  saving.stored = new Set(next.keys());
  saving.changed.clear();
  try {
    await writeKept(db, puts, deletes);
  } catch {
    // Storage full or refused: the screens keep working from the network and memory.
  }
}

function scheduleSave(saving: Session): void {
  if (saving.closed || saving.timer) return;
  saving.timer = setTimeout(() => void save(saving), SAVE_DELAY_MS);
}

/** Notes a kept query's answer in the open session, to be saved a moment later. */
function note(query: Query): void {
  if (!session || query.state.status !== 'success' || query.state.data === undefined) return;
  if (!policies.some((policy) => policy.keeps(query.queryKey))) return;
  const known = session.kept.get(query.queryHash);
  if (known && known.updatedAt > query.state.dataUpdatedAt) return;
  session.kept.set(query.queryHash, {
    hash: query.queryHash,
    queryKey: query.queryKey,
    data: query.state.data,
    updatedAt: query.state.dataUpdatedAt,
  });
  session.changed.add(query.queryHash);
  scheduleSave(session);
}

/** Follows the client: the member of the profile query, and every answer of a kept query. */
function follow(client: QueryClient): void {
  if (followed === client) return;
  followed = client;
  const meHash = hashKey(ME_QUERY_KEY);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query } = event;
    if (query.queryHash === meHash) {
      if (event.action.type !== 'success') return;
      const me = query.state.data as Me | null | undefined;
      if (me !== undefined && me?._id !== session?.memberId) void openMemberCache(client, me?._id ?? null);
      return;
    }
    if (event.action.type === 'success' || event.action.type === 'setState') note(query);
  });
  // A page being left or hidden may not come back: what waits is written now, in this event (a
  // task queued for later may never run), while the page can still start a transaction.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || !session?.timer) return;
    clearTimeout(session.timer);
    void save(session);
  });
}

/**
 * Opens the member's kept queries (read once; resolved when `keptData` can answer) and saves the
 * changes of kept queries from now on. Another member, or none, closes the previous member's.
 */
export function openMemberCache(client: QueryClient, memberId: string | null): Promise<void> {
  follow(client);
  if (session && session.memberId === memberId) return session.ready;
  close(session);
  if (!memberId) return Promise.resolve();
  const opened = start(memberId);
  session = opened;
  // Answers that came before this session opened (the screens do not wait for it long) count too.
  void opened.ready.then(() => {
    if (session === opened) for (const query of client.getQueryCache().getAll()) note(query);
  });
  return opened.ready;
}

/**
 * Deletes what the device kept of the queries under `queryKey` (a member blocked or reported must not
 * come back from it on the next visit), answers given before now: those fetched since are kept. Opens
 * the member's copy first when no screen has yet (a report sent from a page that does not open it).
 */
export function forgetKept(client: QueryClient, queryKey: QueryKey): void {
  const at = Date.now();
  const me = client.getQueryData<Me | null>(ME_QUERY_KEY);
  if (!session && me) void openMemberCache(client, me._id);
  const forgetting = session;
  if (!forgetting) return;
  const drop = () => {
    let dropped = false;
    for (const [hash, query] of forgetting.kept)
      if (query.updatedAt < at && partialMatchKey(query.queryKey, queryKey)) {
        forgetting.kept.delete(hash);
        dropped = true;
      }
    if (dropped) scheduleSave(forgetting);
  };
  drop();
  // What is still being read from the device is dropped once read.
  void forgetting.ready.then(drop);
}

/** The data kept on the device for a query, if any. */
export function keptData<T>(queryKey: QueryKey): T | undefined {
  return session?.kept.get(hashKey(queryKey))?.data as T | undefined;
}

/**
 * A query's start from the device's copy: drawn at once, and stale from the start, so it is asked
 * for again as its screen opens however recent the copy. A copy may lack what came just before it was
 * written (a message sent, then the page reloaded); counted fresh, it would stand until another visit.
 */
export function keptStart<T>(queryKey: QueryKey) {
  return { initialData: () => keptData<T>(queryKey), initialDataUpdatedAt: 0 };
}
