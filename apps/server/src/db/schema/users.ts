import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { photos } from './media.ts';

// Owned by the users feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// users may be read by: auth, billing, chat, discovery, lives, media, moderation, notifications, partnership, posts, safety, verification, zones.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    sex: text('sex', { enum: ['male', 'female', 'non_binary'] }),
    relationship: text('relationship'),
    orientation: text('orientation'),
    about: text('about').notNull().default(''),
    language: text('language', { enum: ['en', 'fr', 'ro'] })
      .notNull()
      .default('en'),
    /** One of the member's own photos (media feature). */
    avatarPhotoId: uuid('avatar_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    matchSex: text('match_sex')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    matchAgeMin: integer('match_age_min').notNull().default(18),
    matchAgeMax: integer('match_age_max').notNull().default(99),
    matchDistance: integer('match_distance').notNull().default(100),
    /**
     * pending until the e-mail is confirmed; deactivated until the next login; suspended until
     * `suspendedUntil` and banned for good by a moderator (the moderation feature decides, the users
     * feature writes). Every list shows active members only.
     */
    status: text('status', { enum: ['pending', 'active', 'deactivated', 'suspended', 'banned'] })
      .notNull()
      .default('pending'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Granted by `npm run admin -- grant`, never by the API (QUALITY Z2). */
    role: text('role', { enum: ['member', 'moderator', 'admin'] })
      .notNull()
      .default('member'),
    /** When a moderator approved the member's selfie; null: not verified (badge and filter). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** A moderator's "require verification": hidden from lists and unable to message until verified. */
    verificationRequired: boolean('verification_required').notNull().default(false),
    /** A moderator's "restrict": until then, messages to strangers are held for review. */
    restrictedUntil: timestamp('restricted_until', { withTimezone: true }),
    /** Discreet mode: out of every list but matches and conversations, no distance nor last activity, neutral pushes. */
    discreet: boolean('discreet').notNull().default(false),
    /** Match preference: show me verified members only. */
    matchVerifiedOnly: boolean('match_verified_only').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Snapped to a grid of about 1 km before storing (QUALITY Z4); never sent to anyone. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationUpdatedAt: timestamp('location_updated_at', { withTimezone: true }),
    /** 0 to 100, computed on the server from ratings received (Bayesian average) and visits. */
    popularity: integer('popularity').notNull().default(0),
    connected: boolean('connected').notNull().default(false),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    /** The notifications badge counts matches, likes and visits newer than this. */
    notificationsSeenAt: timestamp('notifications_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_key').on(table.phone),
    index('users_status_idx').on(table.status),
    // The discovery lists, each backed by a partial index over active members.
    index('users_active_activity_idx')
      .on(sql`${table.lastActivity} DESC NULLS LAST`)
      .where(sql`${table.status} = 'active'`),
    index('users_active_connected_idx')
      .on(sql`${table.lastActivity} DESC NULLS LAST`)
      .where(sql`${table.status} = 'active' AND ${table.connected}`),
    index('users_active_created_idx')
      .on(sql`${table.createdAt} DESC`)
      .where(sql`${table.status} = 'active'`),
    index('users_active_popularity_idx')
      .on(sql`${table.popularity} DESC`)
      .where(sql`${table.status} = 'active'`),
    check('users_role_check', sql`${table.role} IN ('member', 'moderator', 'admin')`),
    check(
      'users_status_check',
      sql`${table.status} IN ('pending', 'active', 'deactivated', 'suspended', 'banned')`,
    ),
    // Near me: `users_near_idx`, a GiST index over earthdistance's cube points with sex and birth date
    // as btree_gist keys and id, latitude and longitude included (index-only, nearest-first scans), over
    // active members with a complete profile and a position, neither in discreet mode nor asked to verify
    // (verified_at included too: migration 0044). Created by migration 0004_near_index.sql:
    // drizzle cannot declare INCLUDE columns (see features/discovery/user-lists.repository.ts).
    // The default list (B1): `users_listed_activity_idx` (sex, last activity, id; birth date and
    // position included) for its pages and `users_listed_age_idx` (sex, birth date; id and position
    // included) for its capped count, over listed members (discoverable: not in discreet mode nor asked to
    // verify; verified_at included), both read index-only; created by migration 0006_users_list_indexes.sql
    // for the same reason, and again by 0044_discreet_mode_one_setting.sql.
  ],
);

export type UserRow = typeof users.$inferSelect;
export type UserRole = UserRow['role'];
