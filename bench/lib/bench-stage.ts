import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, migrateDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { textOption } from './options.ts';
import { openDatabase, stopOnSignal, type BenchDatabase, type Child } from './processes.ts';

/** What a bench against its own database works with (`inBenchStage`). */
export type BenchStage = {
  database: BenchDatabase;
  /** A small pool on it, for seeding and capturing statements. */
  connection: Database;
  /** A temporary folder, removed at the end. */
  temp: string;
  /** Where seeded media go: under `--keep DIR` when given, so that a kept database keeps its files. */
  dataDir: string;
  /** The servers the bench starts: stopped at the end, or on Ctrl-C. */
  children: Child[];
};

/**
 * Runs `run` on a migrated database of its own (kept in `--keep DIR` when given), then stops the
 * children it started, the database, and removes its temporary folder, whatever happened.
 */
export async function inBenchStage<T>(name: string, run: (stage: BenchStage) => Promise<T>): Promise<T> {
  const keep = textOption('keep');
  const database = await openDatabase(keep, name);
  const connection = connectDatabase(database.url, { max: 4 });
  const temp = await mkdtemp(path.join(os.tmpdir(), `motema-bench-${name}-`));
  const children: Child[] = [];
  const stopAll = async () => {
    for (const child of children.splice(0)) await child.stop();
  };
  stopOnSignal(() => stopAll().then(() => database.stop()));
  try {
    await migrateDatabase(connection.db);
    const dataDir = keep ? path.resolve(keep, 'data') : path.join(temp, 'data');
    return await run({ database, connection, temp, dataDir, children });
  } finally {
    await stopAll();
    await connection.close();
    await database.stop();
    await rm(temp, { recursive: true, force: true });
  }
}
