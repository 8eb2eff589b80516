import { deviceStorage, tabStorage, type DeviceStorage } from './platform/storage.ts';

/**
 * A small record this device keeps for itself (lib/platform/storage.ts): which install it is, its push
 * subscription, a refusal to remember... Read through `parse`, which keeps only a well-formed value:
 * anything unreadable (a value from another version, storage refused in a private window) reads as no
 * record, and a refused write is lost quietly, so each caller falls back to the cautious side. Every
 * feature and lib file keeps what it keeps through here (decision 0038).
 */
export type DeviceRecord<T> = { read(): T | null; keep(value: T): void; forget(): void };

type Codec = { encode(value: unknown): string; decode(text: string): unknown };

const JSON_TEXT: Codec = { encode: JSON.stringify, decode: JSON.parse };

function record<T>(
  key: string,
  parse: (stored: unknown) => T | null,
  codec: Codec,
  storage: DeviceStorage = deviceStorage,
): DeviceRecord<T> {
  return {
    read() {
      const text = storage.read(key);
      if (text === null) return null;
      try {
        return parse(codec.decode(text));
      } catch {
        return null;
      }
    },
    keep: (value) => storage.keep(key, codec.encode(value)),
    forget: () => storage.forget(key),
  };
}

/** A record kept as JSON. */
export const deviceRecord = <T>(key: string, parse: (stored: unknown) => T | null): DeviceRecord<T> =>
  record(key, parse, JSON_TEXT);

/** A record kept as JSON for this tab only, lost when it closes (lib/platform/storage.ts's `tabStorage`). */
export const tabRecord = <T>(key: string, parse: (stored: unknown) => T | null): DeviceRecord<T> =>
  record(key, parse, JSON_TEXT, tabStorage);

/**
 * A record kept as its plain text (a language, a day, `on`): the form these values always had on
 * devices, so a newer build reads what an older one kept.
 */
export const deviceText = <T extends string | number>(
  key: string,
  parse: (stored: string) => T | null,
): DeviceRecord<T> =>
  record(key, (stored) => parse(stored as string), { encode: String, decode: (text) => text });

/** Whether this device keeps records at all (a private window may refuse storage). */
export const deviceKeepsRecords = (): boolean => deviceStorage.usable();

/** Calls `listener` when another window of the app changes the record under `key`; returns how to stop. */
export const watchDeviceRecord = (key: string, listener: () => void): (() => void) =>
  deviceStorage.watch(key, listener);

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
