/**
 * The live sessions this node read lately, by token hash (decision 0062): an API request or a
 * socket's handshake whose session was read less than `ttlMs` ago costs no query. Revocations are
 * heard at once (`forget`, on `sessions.revoked`, from every node); `ttlMs` bounds what no event
 * says (a role granted or taken by the admin command). Only live sessions are kept, never a miss.
 */
export type SessionCache<Found extends KeptSession> = {
  /** The kept session of this hash, if read less than `ttlMs` ago and not expired at `now`. */
  get: (tokenHash: string, now: number) => Found | undefined;
  /**
   * Reads the session with `read` and keeps it, unless a revocation was heard while it was read
   * (the row read may predate it).
   */
  load: (
    tokenHash: string,
    now: number,
    read: () => Promise<Found | undefined>,
  ) => Promise<Found | undefined>;
  /** Drops these sessions: they were revoked. */
  forget: (sessionIds: readonly string[]) => void;
};

/** What the cache reads of a kept session: its id and when it expires. */
export type KeptSession = { session: { id: string; expiresAt: Date } };

export function createSessionCache<Found extends KeptSession>(options: {
  ttlMs: number;
  /** At most this many sessions are kept; the longest kept goes first. */
  max: number;
}): SessionCache<Found> {
  /** `at`: when it was read (a clock set back past it makes it stale too). */
  const kept = new Map<string, { found: Found; at: number }>();
  /** Counts the revocations heard: a read that saw one begin is not kept. */
  let revocations = 0;
  return {
    get(tokenHash, now) {
      const entry = kept.get(tokenHash);
      if (!entry) return undefined;
      const fresh = now >= entry.at && now - entry.at < options.ttlMs;
      if (fresh && entry.found.session.expiresAt.getTime() > now) return entry.found;
      kept.delete(tokenHash);
      return undefined;
    },
    async load(tokenHash, now, read) {
      const heard = revocations;
      const found = await read();
      if (found && heard === revocations) {
        kept.delete(tokenHash);
        kept.set(tokenHash, { found, at: now });
        if (kept.size > options.max) kept.delete(kept.keys().next().value!);
      }
      return found;
    },
    forget(sessionIds) {
      revocations += 1;
      const ids = new Set(sessionIds);
      for (const [tokenHash, entry] of kept) if (ids.has(entry.found.session.id)) kept.delete(tokenHash);
    },
  };
}
