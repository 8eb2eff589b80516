import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * The parts every bare reference server shares (B1's, B8's, B10's): its pool, and listening until
 * the bench stops it.
 */

/** A pool of `poolMax` connections (the app's size), deaf to a lost idle connection. */
export function referencePool(spec: { databaseUrl: string; poolMax: number }): pg.Pool {
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolMax });
  pool.on('error', () => {});
  return pool;
}

/** Listens on `port`, says so (the bench waits for the line), and closes on SIGTERM or SIGINT. */
export async function listenUntilStopped(app: FastifyInstance, pool: pg.Pool, port: string): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  console.log(`listening ${port}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0));
    });
  }
}
