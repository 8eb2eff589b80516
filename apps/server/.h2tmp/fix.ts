import { inArray } from 'drizzle-orm';
import fs from 'node:fs';
import { connectDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
const setup = JSON.parse(fs.readFileSync('/tmp/h2-setup.json', 'utf8'));
const { db, close } = connectDatabase('postgres://motema:motema@127.0.0.1:4322/motema');
await db.update(users).set({ matchSex: ['male', 'female'] }).where(inArray(users.id, [setup.aId, setup.bId]));
await close();
