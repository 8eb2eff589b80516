import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bannedIdentifiers } from '../../db/schema.ts';

/**
 * Whether an e-mail (compared lowercased) or a phone (compared with the banned phones and proven
 * withdrawal numbers alike) belonged to a banned member; the moderation feature writes the list.
 */
export async function isBannedIdentifier(
  db: DbOrTx,
  identifier: { email?: string | undefined; phone?: string | undefined },
): Promise<boolean> {
  const checks = [
    ...(identifier.email
      ? [
          and(
            eq(bannedIdentifiers.kind, 'email'),
            eq(bannedIdentifiers.value, identifier.email.toLowerCase()),
          ),
        ]
      : []),
    ...(identifier.phone
      ? [
          and(
            inArray(bannedIdentifiers.kind, ['phone', 'payout']),
            eq(bannedIdentifiers.value, identifier.phone),
          ),
        ]
      : []),
  ];
  if (checks.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(bannedIdentifiers)
    .where(or(...checks))
    .limit(1);
  return !!row;
}
