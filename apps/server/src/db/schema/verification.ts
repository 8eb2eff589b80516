import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the verification feature: only its repositories write this table; other features go through its service.

/**
 * A member's selfie verification, or a verified member's new main photo to confirm (`photo_change`,
 * no selfie). A selfie request is `started` when its pose is drawn (GET /api/verification: the pose
 * stays bound to it until the selfie comes), `pending` once the selfie is stored under `selfieKey`,
 * then `approved` or `refused` (with `reason`) by a moderator, when the selfie's file and key go.
 * One open (started or pending) request per member.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['selfie', 'photo_change'] }).notNull(),
    /** The pose drawn for a selfie (VERIFICATION_POSES); null for a photo change. */
    pose: text('pose'),
    /** The selfie in the private storage while pending; null before and after. */
    selfieKey: text('selfie_key'),
    state: text('state', { enum: ['started', 'pending', 'approved', 'refused'] }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** A refusal's reason (VERIFICATION_REFUSAL_REASONS). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('verification_requests_open_key')
      .on(table.userId)
      .where(sql`${table.state} IN ('started', 'pending')`),
    // The console's queue, oldest first.
    index('verification_requests_pending_idx')
      .on(table.submittedAt)
      .where(sql`${table.state} = 'pending'`),
    index('verification_requests_user_idx').on(table.userId, table.createdAt),
    check('verification_requests_kind_check', sql`${table.kind} IN ('selfie', 'photo_change')`),
    check(
      'verification_requests_state_check',
      sql`${table.state} IN ('started', 'pending', 'approved', 'refused')`,
    ),
    check(
      'verification_requests_selfie_check',
      sql`(${table.kind} = 'selfie') = (${table.pose} IS NOT NULL) AND (${table.selfieKey} IS NULL OR ${table.state} = 'pending')`,
    ),
    check(
      'verification_requests_reason_check',
      sql`(${table.state} = 'refused') = (${table.reason} IS NOT NULL)`,
    ),
  ],
);

export type VerificationRequestRow = typeof verificationRequests.$inferSelect;
