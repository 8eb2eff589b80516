import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

// Owned by the notifications feature: only its repositories write these tables; other features go through its service.

/**
 * A device's address at a push service. For `web`, `token` is the subscription's endpoint and
 * `p256dh`/`auth` its keys (RFC 8291); `android`/`ios` keep a native app's token. A token belongs to
 * the session that registered it: it stops with that session (logout, revocation, expiry).
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['web', 'android', 'ios'] }).notNull(),
    token: text('token').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.token] }),
    index('push_tokens_user_idx').on(table.userId),
    index('push_tokens_session_idx').on(table.sessionId),
  ],
);

export type PushTokenRow = typeof pushTokens.$inferSelect;

/** The server's VAPID keys (RFC 8292), made on first start: one row, kept so subscriptions stay valid. */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('vapid_keys_one_row', sql`${table.id} = 1`)],
);

/**
 * A member's notification choices (NotificationSettingsSchema); no row: the defaults. `pushKinds` is a
 * JSON array of NotificationKind; quiet hours are minutes after midnight in `timeZone` (both or none).
 * `digestSentAt`: when the last unread-messages e-mail went (at most one a day). Discreet pushes follow
 * the member's discreet mode, `users.discreet` (one setting, docs/discreet-mode.md).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    pushKinds: jsonb('push_kinds').$type<string[]>().notNull(),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    timeZone: text('time_zone').notNull().default('UTC'),
    emailDigest: boolean('email_digest').notNull().default(true),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    /**
     * The digest's one-click unsubscribe link names the member by this random token (256 bits), made
     * with the first digest and kept, so every mail's link keeps working; it can do nothing else.
     */
    unsubscribeToken: text('unsubscribe_token').unique('notification_settings_unsubscribe_token_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'notification_settings_quiet_pair',
      sql`(${table.quietStart} IS NULL) = (${table.quietEnd} IS NULL)`,
    ),
    check(
      'notification_settings_quiet_range',
      sql`${table.quietStart} BETWEEN 0 AND 1439 AND ${table.quietEnd} BETWEEN 0 AND 1439`,
    ),
  ],
);
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/**
 * The pushes sent to a member (whatever the number of their devices): what the hourly limit counts
 * and what a later push of the same `tag` (a conversation) replaces. Kept a day.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tag: text('tag').notNull(),
    count: integer('count').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_deliveries_user_sent_idx').on(table.userId, table.sentAt)],
);
