/**
 * Staff for the journeys: `npm run admin -- grant` opens the console to a member on a stopped app's
 * database; the journeys' server runs, so the same change is made in its database directly (the
 * role is read with every session, so it holds from the next request).
 */
import pg from 'pg';

export async function grantRole(username: string, role: 'moderator' | 'admin'): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the journeys through e2e/run.mjs');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('update users set role = $2 where username = $1', [
      username,
      role,
    ]);
    if (rowCount !== 1) throw new Error(`no member is named ${username}`);
  } finally {
    await client.end();
  }
}
