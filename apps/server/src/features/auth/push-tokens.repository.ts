import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushTokens } from '../../db/schema.ts';

export type PushTokenRef = { platform: 'web' | 'android' | 'ios'; token: string };

/** Deletes the given push tokens of a member (a device that logs out stops getting notifications). */
export async function deletePushTokens(db: DbOrTx, userId: string, tokens: PushTokenRef[]): Promise<number> {
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
