import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, type Database } from '../db/client.ts';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Runs one statement on the test server's maintenance database. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A migration applied as on a running deployment: a database of its own, migrated up to just before
 * the migration tagged `tag` (before the test file's tests run, gone after them). `database()` is
 * that database, where a test writes rows the way the app wrote them then; `apply()` runs the
 * migrations that follow, the tagged one first.
 */
export function migrationBed(tag: string): { database: () => Database; apply: () => Promise<void> } {
  let serverUrl: string;
  let name: string | undefined;
  let database: Database | undefined;
  let before: string | undefined;

  beforeAll(async () => {
    serverUrl = inject('databaseServerUrl');
    name = `test_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    database = connectDatabase(serverUrl.replace(/\/postgres$/, `/${name}`), { max: 2 });
    // The migrations as they were just before this one.
    before = await mkdtemp(path.join(os.tmpdir(), 'motema-migrations-'));
    await cp(MIGRATIONS, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    if (at === -1) throw new Error(`no migration is tagged ${tag}`);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalPath, JSON.stringify(journal));
    await migrate(drizzle(database.pool), { migrationsFolder: before });
  });

  afterAll(async () => {
    await database?.close();
    if (before) await rm(before, { recursive: true, force: true });
    if (name) await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  });

  const opened = () => {
    if (!database) throw new Error('the migration bed is open only while its tests run');
    return database;
  };
  return {
    database: opened,
    apply: () => migrate(drizzle(opened().pool), { migrationsFolder: MIGRATIONS }),
  };
}
