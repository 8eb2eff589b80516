import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../db/client.ts';
import { TEMPLATE_DATABASE } from './global-setup.ts';

/** A fresh database cloned from the migrated template, dropped by `close()`. */
export async function createTestDatabase(): Promise<Database & { url: string }> {
  const serverUrl = inject('databaseServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
  await admin.end();
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  const database = connectDatabase(url, { max: 10 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
