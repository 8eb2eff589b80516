/**
 * Reads `read` until `done` holds for what it read or `timeoutMs` passes, and returns the last reading
 * for the caller's expect. For checks that await inside the page (Cache Storage, IndexedDB):
 * page.waitForFunction takes the promise an async predicate returns for a yes at once, without waiting.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 15_000, intervalMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}
