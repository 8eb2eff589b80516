/** Deadlock and serialisation failures (40P01, 40001) PostgreSQL may answer under contention. */
const RETRYABLE = new Set(['40P01', '40001']);
const RETRIES = 3;

/**
 * Runs `work` again, after a short random pause, when PostgreSQL aborted it as one side of a
 * deadlock or a serialisation failure (M3): the lock order should make neither happen, but a member
 * is not to see a 500 for a retry the database asks for. Bounded: the third failure is thrown.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (!RETRYABLE.has(code ?? '') || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}
