/**
 * A small record this device keeps for itself (localStorage, JSON): which install it is, its push
 * subscription, a refusal to remember... Read through `parse`, which keeps only a well-formed value:
 * anything unreadable (a value from another version, storage refused in a private window) reads as no
 * record, and a refused write is lost quietly, so each caller falls back to the cautious side.
 */
export type DeviceRecord<T> = { read(): T | null; keep(value: T): void; forget(): void };

export function deviceRecord<T>(key: string, parse: (stored: unknown) => T | null): DeviceRecord<T> {
  return {
    read() {
      try {
        return parse(JSON.parse(localStorage.getItem(key) ?? 'null'));
      } catch {
        return null;
      }
    },
    keep(value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or refused.
      }
    },
    forget() {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing was kept.
      }
    },
  };
}

/** An object's fields, to check one by one; anything else is none. */
export function storedFields(stored: unknown): Record<string, unknown> | null {
  return stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : null;
}

/**
 * Whether a refusal made at `at` (ms) still holds at `now`, for `seconds` (SPEC section 4). A refusal
 * dated in the future (the clock was put back) holds from now at most, never for ever.
 */
export function refusalHolds(at: number | null, now: number, seconds: number): boolean {
  if (at === null || !Number.isFinite(at)) return false;
  return now - Math.min(at, now) < seconds * 1000 && at <= now + seconds * 1000;
}
