import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the auth feature: only its repositories write these tables; other features go through its service.

export const CODE_PURPOSES = ['confirm_email', 'reset_password', 'change_email', 'change_phone'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** A 6-digit code (and, for mails, a link token): stored hashed, single use, short-lived. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    /** Where the code was sent: the address or number it confirms. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').unique(),
    /**
     * Wrong tries until migration 0007; tries are now counted in one_time_code_tries. Left for the
     * nodes of the previous release during a rolling restart; to be dropped by a later migration.
     */
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose)],
);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Counters of tries at one-time codes, each in a window that starts with its first try and lasts a
 * code's life (decision 0014): a requester's tries at a code, all tries at a code, and a requester's
 * tries at an identifier as typed. Keys are hashes (no address or identifier in clear); an unknown
 * account counts under keys of its own, so it costs the same writes as a known one.
 */
export const oneTimeCodeTries = pgTable(
  'one_time_code_tries',
  {
    key: text('key').primaryKey(),
    tries: integer('tries').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('one_time_code_tries_ends_at_idx').on(table.endsAt)],
);
