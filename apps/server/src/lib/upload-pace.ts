/**
 * How fast the server reads one upload's body (decision 0058): its first UPLOAD_BURST_BYTES as they
 * come, the rest no faster than UPLOAD_BYTES_PER_SECOND. A phone's uplink (3G, 4G, most Wi-Fi) is
 * slower, so members never wait for it; a client on the same network or a script, which could send
 * 100 MB in a second, no longer takes the whole of the server's core from chat while it does (moving
 * an upload through the server costs it 4 to 9 ms of CPU a megabyte).
 */
export const UPLOAD_BYTES_PER_SECOND = 8 * 1024 * 1024;
export const UPLOAD_BURST_BYTES = 4 * 1024 * 1024;

export type Pace = {
  bytesPerSecond: number;
  burstBytes: number;
  /** Milliseconds, monotonic. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
};

const UPLOAD_PACE: Pace = {
  bytesPerSecond: UPLOAD_BYTES_PER_SECOND,
  burstBytes: UPLOAD_BURST_BYTES,
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The chunks of `chunks` as they are, each handed on once the bytes before it are within the pace:
 * while it waits, nothing more is read, so the sender's TCP window closes and it slows down too.
 */
export async function* paced<T extends { length: number }>(
  chunks: AsyncIterable<T>,
  pace: Pace = UPLOAD_PACE,
): AsyncGenerator<T> {
  const started = pace.now();
  let read = 0;
  for await (const chunk of chunks) {
    const due = started + (Math.max(0, read - pace.burstBytes) / pace.bytesPerSecond) * 1000;
    const wait = due - pace.now();
    if (wait >= 1) await pace.sleep(wait);
    read += chunk.length;
    yield chunk;
  }
}
