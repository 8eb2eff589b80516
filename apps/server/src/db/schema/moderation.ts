import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { reports } from './safety.ts';
import { users } from './users.ts';

// Owned by the moderation feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// bannedIdentifiers may be read by: auth.

/**
 * One case per reported subject (a member, or one of their photos, posts, comments, stories or
 * messages, or a zone), into which every report of it merges (docs/moderation.md). `memberId` is the
 * member it is about (null for a zone, or once their account is deleted: the snapshot stays).
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectKind: text('subject_kind', {
      enum: ['member', 'photo', 'post', 'comment', 'story', 'message', 'zone', 'live'],
    }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['open', 'escalated', 'closed'] })
      .notNull()
      .default('open'),
    /** The weighted reports' sum (moderation-priority.ts), computed again on each report. */
    priority: doublePrecision('priority').notNull().default(0),
    source: text('source', { enum: ['reports', 'shield', 'staff'] })
      .notNull()
      .default('reports'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member appealed the last action: open again, for another moderator. */
    appealed: boolean('appealed').notNull().default(false),
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true }).notNull(),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('moderation_cases_subject_key').on(table.subjectKind, table.subjectId),
    index('moderation_cases_queue_idx').on(table.state, table.priority.desc(), table.lastReportedAt.desc()),
    index('moderation_cases_member_idx').on(table.memberId),
    check('moderation_cases_state_check', sql`${table.state} IN ('open', 'escalated', 'closed')`),
  ],
);
export type ModerationCaseRow = typeof moderationCases.$inferSelect;

/**
 * The reports a case merged (safety writes `reports`; this link is moderation's), with what came of
 * each for its reporter's accuracy: agreed (an action was taken) or dismissed, null while open.
 */
export const moderationCaseReports = pgTable(
  'moderation_case_reports',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['agreed', 'dismissed'] }),
  },
  (table) => [index('moderation_case_reports_case_idx').on(table.caseId)],
);

/**
 * The subject as it was at its case's first report: its text, its pictures copied under
 * `moderation/<caseId>/` (so that deleting the original keeps them) and, for a member, their profile.
 * Deleted with the closed case's evidence after MODERATION_RETENTION_DAYS.
 */
export const moderationSnapshots = pgTable('moderation_snapshots', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => moderationCases.id, { onDelete: 'cascade' }),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  text: text('text').notNull().default(''),
  /** The copies' storage keys and kinds, in the subject's order. */
  media: jsonb('media').$type<{ key: string; kind: 'photo' | 'video' | 'audio' }[]>().notNull().default([]),
  profile: jsonb('profile').$type<{
    username: string;
    firstName: string | null;
    age: number | null;
    about: string;
  }>(),
});

/**
 * The audit log: every action, assignment and appeal, append-only (a trigger of migration
 * `moderation` refuses UPDATE and DELETE). No foreign keys: an entry outlives its member and moderator.
 */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id'),
    /** The member the action concerns (the subject's, or the reporter muted). */
    memberId: uuid('member_id'),
    action: text('action').notNull(),
    rule: text('rule'),
    note: text('note').notNull().default(''),
    message: text('message').notNull().default(''),
    days: integer('days'),
    /** The end of a suspension, restriction or mute. */
    until: timestamp('until', { withTimezone: true }),
    moderatorId: uuid('moderator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('moderation_events_case_idx').on(table.caseId, table.createdAt),
    index('moderation_events_member_idx').on(table.memberId, table.createdAt),
  ],
);
export type ModerationEventRow = typeof moderationEvents.$inferSelect;

/**
 * A notified action's appeal: the e-mail link's token and the notices list's (their SHA-256 only:
 * the list, which cannot read the mail's token back, gives a new one each time), then the member's
 * text once they appeal (one appeal per action, within APPEAL_WINDOW_DAYS).
 */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => moderationEvents.id),
    tokenHash: text('token_hash').notNull(),
    noticeTokenHash: text('notice_token_hash'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    text: text('text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('moderation_appeals_token_key').on(table.tokenHash),
    uniqueIndex('moderation_appeals_notice_token_key').on(table.noticeTokenHash),
  ],
);

/**
 * What a banned member registered with: their e-mail (lowercased), phone and proven payout number.
 * Registering or changing one's contact to one of them is refused (auth reads this table).
 */
export const bannedIdentifiers = pgTable(
  'banned_identifiers',
  {
    kind: text('kind', { enum: ['email', 'phone', 'payout'] }).notNull(),
    value: text('value').notNull(),
    caseId: uuid('case_id').references(() => moderationCases.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.value] })],
);

/** A reporter whose reports count for nothing until `until` (a moderator's `mute_reporter`). */
export const reporterMutes = pgTable('reporter_mutes', {
  reporterId: uuid('reporter_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
