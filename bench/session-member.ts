/** Which seeded member plays B6's session (session-bytes.bench.ts). */
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import type { RunningApp } from './lib/app-server.ts';

/** Members whose lists hold fewer than this are passed over: the session must see 50 distinct cards. */
const ENOUGH_LISTED = 90;

/**
 * The session's member: the first seeded member (in seeding order) whose default list holds at least
 * ENOUGH_LISTED members (seeded members spread over 14 cities, and a member in a small one sees fewer
 * than 50 who fit their preferences), else the one with the longest list among the first 40.
 */
export async function chooseMember(app: RunningApp): Promise<number> {
  let best = { n: 1, listed: -1 };
  for (let n = 1; n <= 40; n += 1) {
    const { token } = await createSession(app.db, app.member(n).id, 'session bench choice');
    const response = await fetch(`${app.url}/api/users?filter=users&limit=96`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    const listed = ((await response.json()) as { users?: unknown[] }).users?.length ?? 0;
    if (listed > best.listed) best = { n, listed };
    if (listed >= ENOUGH_LISTED) break;
  }
  console.log(
    `Session member: seeded member ${best.n} (${best.listed} members in the default list's first page)`,
  );
  return best.n;
}
