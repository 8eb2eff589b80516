import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { pushTokens, sessions, type PushTokenRow } from '../../../db/schema.ts';
import { perHandle } from '../../../db/per-handle.ts';

export type PushTokenRef = Pick<PushTokenRow, 'platform' | 'token'>;

/** A session is live while neither revoked nor expired: its tokens may be sent to. */
const liveSession = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * Stores a device's token for the member and session; the same (platform, token) registered
 * before, by anyone, moves to them: a browser that changed hands tells its new member only.
 */
export async function upsertPushToken(
  db: DbOrTx,
  row: Pick<PushTokenRow, 'userId' | 'sessionId' | 'platform' | 'token' | 'p256dh' | 'auth'>,
): Promise<void> {
  await db
    .insert(pushTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [pushTokens.platform, pushTokens.token],
      set: {
        userId: row.userId,
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        createdAt: sql`now()`,
      },
    });
}

/** Keeps the member's `keep` newest tokens and deletes the others (the oldest go first). */
export async function trimPushTokens(db: DbOrTx, userId: string, keep: number): Promise<number> {
  const newest = db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId))
    .orderBy(desc(pushTokens.createdAt), desc(pushTokens.token))
    .limit(keep);
  const rows = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), sql`${pushTokens.token} NOT IN ${newest}`))
    .returning({ token: pushTokens.token });
  return rows.length;
}

/**
 * Deletes the member's tokens that `tokens` names, and with `sessionId` every token of that session;
 * never another member's (Z1). Returns how many went.
 */
export async function deletePushTokens(
  db: DbOrTx,
  userId: string,
  tokens: readonly PushTokenRef[],
  sessionId?: string,
): Promise<number> {
  const named = tokens.map((ref) =>
    and(eq(pushTokens.platform, ref.platform), eq(pushTokens.token, ref.token)),
  );
  const ofSession = sessionId ? [eq(pushTokens.sessionId, sessionId)] : [];
  if (named.length + ofSession.length === 0) return 0;
  const rows = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), or(...named, ...ofSession)))
    .returning({ token: pushTokens.token });
  return rows.length;
}

/** One token, by its key, if it still belongs to `userId` (a push service answered 404 or 410). */
export async function deletePushToken(db: DbOrTx, userId: string, ref: PushTokenRef): Promise<void> {
  await db
    .delete(pushTokens)
    .where(
      and(
        eq(pushTokens.userId, userId),
        eq(pushTokens.platform, ref.platform),
        eq(pushTokens.token, ref.token),
      ),
    );
}

export type WebPushTarget = { endpoint: string; p256dh: string; auth: string };

/** The member's web subscriptions whose session is live: where a push to them goes. */
export async function liveWebTokensOf(db: DbOrTx, userId: string): Promise<WebPushTarget[]> {
  const rows = await db
    .select({ endpoint: pushTokens.token, p256dh: pushTokens.p256dh, auth: pushTokens.auth })
    .from(pushTokens)
    .innerJoin(sessions, eq(sessions.id, pushTokens.sessionId))
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.platform, 'web'), liveSession));
  return rows.flatMap((row) =>
    row.p256dh && row.auth ? [{ ...row, p256dh: row.p256dh, auth: row.auth }] : [],
  );
}

/** The member's Android and iOS tokens of a live session, on the platforms given (those configured). */
export async function liveNativeTokensOf(
  db: DbOrTx,
  userId: string,
  platforms: readonly PushTokenRow['platform'][],
): Promise<PushTokenRef[]> {
  const native = platforms.filter((platform) => platform !== 'web');
  if (native.length === 0) return [];
  return db
    .select({ platform: pushTokens.platform, token: pushTokens.token })
    .from(pushTokens)
    .innerJoin(sessions, eq(sessions.id, pushTokens.sessionId))
    .where(and(eq(pushTokens.userId, userId), inArray(pushTokens.platform, native), liveSession));
}

/**
 * Deletes the member's tokens that can never be sent to again: their session revoked or expired
 * (its cascade runs only when the row is deleted) or none, and web ones without keys to encrypt for
 * (rows from before subscriptions were kept whole). Returns how many went.
 */
export async function deleteDeadTokens(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(pushTokens)
    .where(
      and(
        eq(pushTokens.userId, userId),
        or(
          isNull(pushTokens.sessionId),
          and(eq(pushTokens.platform, 'web'), or(isNull(pushTokens.p256dh), isNull(pushTokens.auth))),
          sql`NOT EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${pushTokens.sessionId} AND ${sessions.revokedAt} IS NULL AND ${sessions.expiresAt} > now())`,
        ),
      ),
    )
    .returning({ token: pushTokens.token });
  return rows.length;
}

function prepareMembersWithLiveToken(db: DbOrTx) {
  return db
    .selectDistinct({ userId: pushTokens.userId })
    .from(pushTokens)
    .innerJoin(sessions, eq(sessions.id, pushTokens.sessionId))
    .where(
      and(
        sql`${pushTokens.userId} = ANY(${sql.placeholder('userIds')}::uuid[])`,
        sql`${pushTokens.platform} = ANY(${sql.placeholder('platforms')}::text[])`,
        liveSession,
      ),
    )
    .prepare('push_members_with_live_token_v1');
}
const membersWithLiveTokenQuery = perHandle(prepareMembersWithLiveToken);

/**
 * Which of these members have a token of a live session on one of `platforms` (a device told by
 * push). One prepared statement with the members as an array (planned once per connection): the
 * messages' push batch asks it for a thousand members at a time when many are chatting, which as an
 * `IN` list of as many parameters was built, sent and planned again each time (bench/README.md B3).
 */
export async function membersWithLiveToken(
  db: DbOrTx,
  userIds: readonly string[],
  platforms: readonly PushTokenRow['platform'][],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await membersWithLiveTokenQuery(db).execute({
    userIds: [...userIds],
    platforms: [...platforms],
  });
  return new Set(rows.map((row) => row.userId));
}
