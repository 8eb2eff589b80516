/**
 * Staff for the journeys: a member is made a moderator or an admin as the team does it, by
 * `npm run admin -- grant <username> <role>` (never by the API), against the database of the server
 * under test, which the runner gives as E2E_DATABASE_URL (e2e/run.mjs). The role is read with every
 * session, so it holds from the member's next request.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function grantRole(username: string, role: 'moderator' | 'admin'): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the journeys through e2e/run.mjs');
  await run('npm', ['run', '--silent', 'admin', '--', 'grant', username, role], {
    env: { ...process.env, DATABASE_URL: url },
  });
}
