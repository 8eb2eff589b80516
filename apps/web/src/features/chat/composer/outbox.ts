import type { OutboxEntry, PendingFile } from '../thread/thread-types.ts';

/**
 * The outbox (QUALITY C2): the member's messages not yet acknowledged, kept in IndexedDB so they
 * survive a reload, a crash or a closed tab, and mirrored in memory for the screens. Files keep their
 * bytes until uploaded. Without IndexedDB (some private modes) the outbox lives in memory only.
 */
const DB_NAME = 'motema-chat';
const DB_VERSION = 1;
const STORE = 'outbox';

/** How an entry is stored: the files' bytes as an ArrayBuffer (every IndexedDB clones those). */
type StoredFile = Omit<PendingFile, 'blob'> & { bytes: ArrayBuffer; type: string };
type StoredEntry = Omit<OutboxEntry, 'files'> & { files: StoredFile[] };

let database: Promise<IDBDatabase | null> | null = null;
/** The member whose outbox this is: each member of a shared phone has their own database. */
let owner: string | null = null;

function openDatabase(): Promise<IDBDatabase | null> {
  if (owner === null) return Promise.resolve(null);
  const name = `${DB_NAME}:${owner}`;
  database ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(name, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'clientId' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return database;
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDatabase();
  if (!db) return undefined;
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB error'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB abort'));
  });
}

/** The bytes of each blob, read once (an entry is written again when its state changes). */
const bytesOf = new WeakMap<Blob, ArrayBuffer>();

async function toStored(entry: OutboxEntry): Promise<StoredEntry> {
  const files = await Promise.all(
    entry.files.map(async ({ blob, ...file }) => {
      let bytes = bytesOf.get(blob);
      if (!bytes) {
        bytes = await blob.arrayBuffer();
        bytesOf.set(blob, bytes);
      }
      return { ...file, bytes, type: blob.type };
    }),
  );
  return { ...entry, files };
}

function fromStored(stored: StoredEntry): OutboxEntry {
  return {
    ...stored,
    files: stored.files.map(({ bytes, type, ...file }) => {
      const blob = new Blob([bytes], { type });
      bytesOf.set(blob, bytes);
      return { ...file, blob };
    }),
  };
}

const byCreation = (a: OutboxEntry, b: OutboxEntry) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

const entries = new Map<string, OutboxEntry>();
const listeners = new Set<() => void>();
let snapshot: OutboxEntry[] = [];
let loading: Promise<void> | null = null;

function changed() {
  snapshot = [...entries.values()].sort(byCreation);
  for (const listener of listeners) listener();
}

async function save(entry: OutboxEntry) {
  try {
    const stored = await toStored(entry);
    // Removed meanwhile (acknowledged): writing it back would send it again after a reload.
    if (entries.get(entry.clientId) !== entry) return;
    await run('readwrite', (store) => store.put(stored));
  } catch {
    // Storage full or refused: the entry still lives in memory and is sent from there.
  }
}

export const outbox = {
  /**
   * Switches to a member's outbox (on start, or when another member signs in on this browser):
   * what the previous member left waits in their own database for their return.
   */
  open(userId: string) {
    if (owner === userId) return;
    owner = userId;
    const previous = database;
    database = null;
    loading = null;
    void previous?.then((db) => db?.close());
    entries.clear();
    changed();
  },

  /** Reads the stored entries once (on start); later calls wait for the same read. */
  load(): Promise<void> {
    loading ??= (async () => {
      try {
        const stored = (await run('readonly', (store) => store.getAll() as IDBRequest<StoredEntry[]>)) ?? [];
        for (const item of stored)
          if (!entries.has(item.clientId)) entries.set(item.clientId, fromStored(item));
      } catch {
        // Unreadable storage: start with what memory holds.
      }
      changed();
    })();
    return loading;
  },

  /** Every entry, oldest first (a stable array between changes, for `useSyncExternalStore`). */
  list(): OutboxEntry[] {
    return snapshot;
  },

  get(clientId: string): OutboxEntry | undefined {
    return entries.get(clientId);
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Stores a new or changed entry: in memory at once, then in IndexedDB (awaited). */
  async put(entry: OutboxEntry): Promise<void> {
    entries.set(entry.clientId, entry);
    changed();
    await save(entry);
  },

  /** Changes an entry; `persist: false` for what need not survive a reload (upload progress). */
  async update(
    clientId: string,
    change: Partial<OutboxEntry>,
    persist = true,
  ): Promise<OutboxEntry | undefined> {
    const current = entries.get(clientId);
    if (!current) return undefined;
    const next = { ...current, ...change };
    entries.set(clientId, next);
    changed();
    if (persist) await save(next);
    return next;
  },

  /** Forgets an entry (acknowledged, stored, or discarded by the member). */
  async remove(clientId: string): Promise<void> {
    if (entries.delete(clientId)) changed();
    try {
      await run('readwrite', (store) => store.delete(clientId));
    } catch {
      // Nothing more to do: a stale entry is acked as a duplicate on the next flush and removed then.
    }
  },
};
