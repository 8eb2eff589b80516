import { connectDatabase, type Db } from './client.ts';
import { openConfiguredDatabase } from './embedded.ts';

/**
 * A command's run against the configured database (`npm run seed`, `npm run payments`): the database
 * opened (DATABASE_URL, or the embedded one under DATA_DIR, started for the command and stopped after
 * it), `work` given a pool of `max` connections and the database's URL, everything closed, then the process ended: exit 0
 * when `work` resolved, 1 when the database would not open or `work` threw (`describe` says why).
 */
export async function runWithConfiguredDatabase(
  env: Parameters<typeof openConfiguredDatabase>[0],
  options: { max: number; describe: (error: unknown) => unknown },
  work: (db: Db, url: string) => Promise<void>,
): Promise<never> {
  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(env);
  } catch (error) {
    // Says why and what to do (the app running on this data folder, a port in use, PostgreSQL's reason).
    console.error(error instanceof Error ? error.message : 'The embedded PostgreSQL did not start.');
    process.exit(1);
  }
  const database = connectDatabase(opened.url, { max: options.max });
  let failed = false;
  try {
    await work(database.db, opened.url);
  } catch (error) {
    failed = true;
    console.error(options.describe(error));
  } finally {
    await database.close();
    if (opened.embedded) await opened.embedded.stop();
  }
  process.exit(failed ? 1 : 0);
}
