import type { QueryKey } from '@tanstack/react-query';
import { memberCacheDatabase } from './query-client.ts';

/**
 * The IndexedDB side of the queries kept on the device (persisted-queries.ts): one database per
 * member (`memberCacheDatabase`, deleted when the device forgets the member, lib/query-client.ts),
 * one record per query, keyed by its hash. Without IndexedDB (some private modes) nothing is kept.
 */
const STORE = 'queries';

/**
 * The shape of what is kept. Raise it when the API's answers change shape: records of another
 * version are dropped instead of being shown by code that no longer reads them.
 */
const FORMAT = 1;
/** Older records are dropped: after two weeks away the member sees fresh data or nothing. */
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** One query as kept: its key and hash, its (bounded) data, when that data was fetched. */
export type KeptQuery = { hash: string; queryKey: QueryKey; data: unknown; updatedAt: number };
type StoredQuery = KeptQuery & { format: number };

/** Opens a member's database; a deletion asked elsewhere (logout) closes it at once. */
export function openStore(memberId: string, onClosed: () => void): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(memberCacheDatabase(memberId), 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'hash' });
      };
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          onClosed();
        };
        resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB error'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB abort'));
  });
}

/** The member's kept queries still usable (this format, not too old); the others are deleted. */
export async function readKept(db: IDBDatabase, now = Date.now()): Promise<KeptQuery[]> {
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const request = store.getAll() as IDBRequest<StoredQuery[]>;
  const kept: KeptQuery[] = [];
  request.onsuccess = () => {
    for (const { format, ...query } of request.result) {
      if (format === FORMAT && now - query.updatedAt <= MAX_AGE_MS) kept.push(query);
      else store.delete(query.hash);
    }
  };
  await done(transaction);
  return kept;
}

/** Writes the changed queries and deletes those no longer kept, in one transaction. */
export async function writeKept(db: IDBDatabase, puts: KeptQuery[], deletes: string[]): Promise<void> {
  if (puts.length === 0 && deletes.length === 0) return;
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  for (const hash of deletes) store.delete(hash);
  for (const query of puts) store.put({ ...query, format: FORMAT } satisfies StoredQuery);
  await done(transaction);
}
