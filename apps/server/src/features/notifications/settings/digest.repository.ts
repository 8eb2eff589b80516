import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { conversationMembers, messages, notificationSettings, users } from '../../../db/schema.ts';
import { notBlockedWith } from '../../safety/safety.policy.ts';
import type { SettingsColumns } from './notification-settings.repository.ts';

const me = alias(conversationMembers, 'me');
const other = alias(conversationMembers, 'other');
const sender = alias(users, 'sender');

/** A member the digest may write to, and what it needs to write. */
export type DigestRecipient = {
  userId: string;
  email: string;
  language: 'en' | 'fr' | 'ro';
  firstName: string | null;
  username: string;
  discreet: boolean;
};

/**
 * The conversations a member would see with unread messages (the other member active, no block
 * either way, as the badge counts them: conversations.repository.ts). Reads chat's tables, which
 * this feature never writes.
 */
const visibleUnread = and(
  sql`${me.unreadCount} > 0`,
  eq(sender.status, 'active'),
  notBlockedWith(me.userId, other.userId),
);

/**
 * Members owed a digest, by id after `afterId`, at most `limit`: active, e-mail confirmed, the digest
 * on (no row: on), none sent since `sentBefore`, and a visible conversation whose oldest unread
 * message (not unsent) came before `unreadBefore`: a message read within the hour is never mailed.
 * Whether a device of theirs receives push is asked afterwards (the push tokens' service).
 */
export async function findDigestRecipients(
  db: DbOrTx,
  options: { unreadBefore: Date; sentBefore: Date; afterId: string | null; limit: number },
): Promise<DigestRecipient[]> {
  const oldUnread = db
    .select({ one: sql`1` })
    .from(me)
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, me.userId)))
    .innerJoin(sender, eq(sender.id, other.userId))
    .where(
      and(
        eq(me.userId, users.id),
        visibleUnread,
        sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${me.conversationId} AND ${messages.seq} > ${me.readSeq} AND ${messages.senderId} = ${other.userId} AND ${messages.unsentAt} IS NULL AND ${messages.createdAt} < ${options.unreadBefore})`,
      ),
    );
  return db
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      firstName: users.firstName,
      username: users.username,
      discreet: users.discreet,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        eq(users.status, 'active'),
        isNotNull(users.emailConfirmedAt),
        options.afterId ? gt(users.id, options.afterId) : undefined,
        sql`coalesce(${notificationSettings.emailDigest}, true)`,
        or(
          isNull(notificationSettings.digestSentAt),
          sql`${notificationSettings.digestSentAt} < ${options.sentBefore}`,
        ),
        sql`EXISTS ${oldUnread}`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
}

/** One conversation of the member's with unread messages: who wrote and how many. */
export type UnreadConversation = { firstName: string | null; username: string; unread: number };

/** The member's visible conversations with unread messages, the most unread first. */
export async function unreadConversationsOf(db: DbOrTx, userId: string): Promise<UnreadConversation[]> {
  return db
    .select({ firstName: sender.firstName, username: sender.username, unread: me.unreadCount })
    .from(me)
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, me.userId)))
    .innerJoin(sender, eq(sender.id, other.userId))
    .where(and(eq(me.userId, userId), visibleUnread))
    .orderBy(desc(me.unreadCount));
}

/**
 * Claims today's digest of a member: `digestSentAt` set to `now`, only if the digest is still on and
 * none went since `sentBefore` (two nodes, or a member switching it off meanwhile: one mail or none).
 * A member without a row gets one (`defaults`). Returns the member's unsubscribe token, `token` if
 * they had none; undefined when the claim failed.
 */
export async function claimDigest(
  db: DbOrTx,
  userId: string,
  claim: { now: Date; sentBefore: Date; token: string; defaults: SettingsColumns },
): Promise<string | undefined> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...claim.defaults, digestSentAt: claim.now, unsubscribeToken: claim.token })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        digestSentAt: claim.now,
        unsubscribeToken: sql`coalesce(${notificationSettings.unsubscribeToken}, excluded.unsubscribe_token)`,
      },
      setWhere: and(
        eq(notificationSettings.emailDigest, true),
        or(
          isNull(notificationSettings.digestSentAt),
          sql`${notificationSettings.digestSentAt} < ${claim.sentBefore}`,
        ),
      ),
    })
    .returning({ token: notificationSettings.unsubscribeToken });
  return row?.token ?? undefined;
}

/** The member an unsubscribe token names, and their language (for the page); undefined: nobody. */
export type UnsubscribeTarget = { userId: string; language: 'en' | 'fr' | 'ro' };

export async function findUnsubscribeTarget(
  db: DbOrTx,
  token: string,
): Promise<UnsubscribeTarget | undefined> {
  const [row] = await db
    .select({ userId: users.id, language: users.language })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(eq(notificationSettings.unsubscribeToken, token));
  return row;
}

/** Turns the digest off for the member this token names; returns who, undefined when nobody. */
export async function turnDigestOffByToken(
  db: DbOrTx,
  token: string,
): Promise<UnsubscribeTarget | undefined> {
  const [row] = await db
    .update(notificationSettings)
    .set({ emailDigest: false, updatedAt: sql`now()` })
    .from(users)
    .where(and(eq(notificationSettings.unsubscribeToken, token), eq(users.id, notificationSettings.userId)))
    .returning({ userId: users.id, language: users.language });
  return row;
}
