import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by the devices feature: only its repositories write these tables; other features go through its service.
// Other features' queries that read these tables (db/table-owners.test.ts fails on any other):
// deviceMembers may be read by: partnership.

/** One install of the app (SPEC's device info); `userId`: the member last using it, if any. */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform', { enum: ['web', 'android', 'ios'] }).notNull(),
    operatingSystem: text('operating_system').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    osVersion: text('os_version').notNull(),
    isVirtual: boolean('is_virtual').notNull(),
    webViewVersion: text('web_view_version').notNull(),
    appBuild: integer('app_build').notNull(),
    appVersion: text('app_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('devices_user_idx').on(table.userId)],
);
export type DeviceRow = typeof devices.$inferSelect;

/**
 * Every member who used an install, not only the last one (`devices.user_id`): a partner's child
 * paying from the partner's own phone earns them nothing (docs/partnership.md).
 */
export const deviceMembers = pgTable(
  'device_members',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.userId] }),
    index('device_members_user_idx').on(table.userId),
  ],
);

/** A visit of someone not connected: no IP address, nothing naming them; removed after VISITOR_RETENTION_DAYS. */
export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    language: text('language', { enum: ['en', 'fr', 'ro'] }).notNull(),
    referrer: text('referrer'),
    platform: text('platform', { enum: ['web', 'android', 'ios'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('visitors_created_idx').on(table.createdAt)],
);
export type VisitorRow = typeof visitors.$inferSelect;
