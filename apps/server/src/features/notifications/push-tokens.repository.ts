import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushTokens, type PushTokenRow } from '../../db/schema.ts';

/** Deletes the given push tokens of a member; returns how many there were. */
export async function deletePushTokens(
  db: DbOrTx,
  userId: string,
  tokens: readonly Pick<PushTokenRow, 'platform' | 'token'>[],
): Promise<number> {
  if (tokens.length === 0) return 0;
  const rows = await db
    .delete(pushTokens)
    .where(
      and(
        eq(pushTokens.userId, userId),
        or(
          ...tokens.map((ref) => and(eq(pushTokens.platform, ref.platform), eq(pushTokens.token, ref.token))),
        ),
      ),
    )
    .returning({ token: pushTokens.token });
  return rows.length;
}
