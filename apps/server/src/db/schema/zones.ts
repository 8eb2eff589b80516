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
import { mediaItems } from './media.ts';
import { users } from './users.ts';

// Owned by the zones feature: only its repositories write these tables; other features go through its service.

/**
 * A zone (docs/zones.md): a public or private group with a unique handle (`name`, unique whatever
 * its case), up to three questions asked of those who request a private one, and its members'
 * count (admins, managers and members; not the waiting), kept in the transactions that change it.
 * `language` is its creator's, for the suggestions; `latitude` and `longitude` its place, the
 * creator's shared position when they made it, rounded to a tenth of a degree (about 11 km: it tells
 * nothing precise of anyone; null when they shared none), for the suggestions near a member. Searched
 * by title or name through trigram indexes (pg_trgm, migration 0029).
 */
export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    coverItemId: uuid('cover_item_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    access: text('access', { enum: ['public', 'private'] }).notNull(),
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    language: text('language', { enum: ['en', 'fr', 'ro'] }).notNull(),
    members: integer('members').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('zones_name_lower_key').on(sql`lower(${table.name})`),
    index('zones_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    index('zones_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('zones_suggestions_idx').on(table.language, table.members.desc().nullsFirst(), table.id),
    // A search matching many zones walks the most popular first and stops at the page's end.
    index('zones_popular_idx').on(table.members.desc().nullsFirst(), table.id),
    // Near a member: earthdistance's points of the placed zones (GiST), pruned by earth_box.
    index('zones_place_idx')
      .using('gist', sql`ll_to_earth(${table.latitude}, ${table.longitude})`)
      .where(sql`${table.latitude} IS NOT NULL AND ${table.longitude} IS NOT NULL`),
    check('zones_members_check', sql`${table.members} >= 0`),
  ],
);

/**
 * A member's place in a zone: `admin`, `manager`, `member`, or `waiting` (a request, with its
 * answers). A removed member's row is deleted (they may request again); a ban is a zone_bans row.
 * `lastReminderAt`: when a waiting member last reminded the admins (once a day). `approvedAt`: when
 * their request was approved (what their notification tells; null for those who joined at once).
 */
export const zoneMembers = pgTable(
  'zone_members',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'manager', 'member', 'waiting'] }).notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    answers: jsonb('answers').$type<string[]>().notNull().default([]),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.zoneId, table.userId] }),
    index('zone_members_user_idx').on(table.userId, table.role),
    index('zone_members_role_idx').on(table.zoneId, table.role, table.since),
  ],
);

/** A declined request's reason, which the applicant reads; gone when they request again or join. */
export const zoneDeclines = pgTable(
  'zone_declines',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.zoneId, table.userId] }),
    // The applicant's notifications find their answers from them.
    index('zone_declines_user_idx').on(table.userId, table.declinedAt),
  ],
);

/** A member banned from a zone: they can neither join nor request until unbanned. */
export const zoneBans = pgTable(
  'zone_bans',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bannedAt: timestamp('banned_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.zoneId, table.userId] })],
);

/**
 * An invite link: only the token's SHA-256 is kept. It lasts until `expiresAt`, serves at most
 * `maxUses` joins (null: no limit), and either lets in at once or makes a waiting request.
 */
export const zoneInvites = pgTable(
  'zone_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    needsApproval: boolean('needs_approval').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('zone_invites_token_key').on(table.tokenHash),
    index('zone_invites_zone_idx').on(table.zoneId, table.createdAt),
    check('zone_invites_uses_check', sql`${table.uses} >= 0`),
  ],
);
