/**
 * The bytes a viewer's player fetched in the last minute (the screen's data-use line, bar B11): each
 * download's bytes at its time; before a minute has passed, the rate so far scaled to a minute.
 */
export type BytesMeter = { add: (bytes: number, at: number) => void; perMinute: (now: number) => number };

const MINUTE = 60_000;
/** Below this much time measured, a minute's figure would be a guess from one segment: none yet. */
const MIN_MEASURED_MS = 2_000;

export function createBytesMeter(startedAt: number): BytesMeter {
  const entries: { bytes: number; at: number }[] = [];
  return {
    add: (bytes, at) => void entries.push({ bytes, at }),
    perMinute(now) {
      while (entries.length > 0 && entries[0]!.at < now - MINUTE) entries.shift();
      const measured = Math.min(MINUTE, now - startedAt);
      if (measured < MIN_MEASURED_MS) return 0;
      const bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
      return Math.round((bytes * MINUTE) / measured);
    },
  };
}

/**
 * Throughput in bit/s as an exponentially weighted average of the segments' downloads (bytes over
 * their time): one slow segment lowers it, a run of them brings the player down.
 */
export function createThroughput(weight = 0.3) {
  let estimate: number | null = null;
  return {
    add(bytes: number, ms: number) {
      const sample = (bytes * 8 * 1000) / Math.max(ms, 1);
      estimate = estimate === null ? sample : estimate * (1 - weight) + sample * weight;
    },
    value: () => estimate,
  };
}
