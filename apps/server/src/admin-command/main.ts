/**
 * `npm run admin -- <command>`: who may open the moderation console (docs/moderation.md). Roles are
 * given here only, never by the API (QUALITY Z2), on the database `npm start` uses (DATABASE_URL, or
 * the embedded PostgreSQL under DATA_DIR: stop the app first).
 */
import type { Db } from '../db/client.ts';
import { runWithConfiguredDatabase } from '../db/command-database.ts';
import { loadEnv } from '../env.ts';
import { setRole } from '../features/users/standing.service.ts';

const USAGE = `Usage: npm run admin -- <command>
  grant <username> moderator|admin   opens the moderation console to the member (admins also see escalated cases)
  revoke <username>                  makes them a member again`;

type Command = { username: string; role: 'member' | 'moderator' | 'admin' };

function parseCommand([name, username, role, ...rest]: string[]): Command {
  if (name === 'grant' && username && (role === 'moderator' || role === 'admin') && rest.length === 0) {
    return { username, role };
  }
  if (name === 'revoke' && username && role === undefined) return { username, role: 'member' };
  throw new Error(USAGE);
}

class AdminRefused extends Error {}

async function run(db: Db, command: Command): Promise<void> {
  const row = await setRole(db, command.username, command.role);
  if (!row) throw new AdminRefused(`no member is named ${command.username}`);
  console.log(`${row.username}: ${row.role}.`);
}

let command: Command;
let env;
try {
  command = parseCommand(process.argv.slice(2));
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

await runWithConfiguredDatabase(
  env,
  { max: 2, describe: (error) => (error instanceof AdminRefused ? `Refused: ${error.message}` : error) },
  (db) => run(db, command),
);
