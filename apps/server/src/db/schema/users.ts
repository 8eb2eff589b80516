import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    avatar: text('avatar'),
    matchSex: text('match_sex')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    matchAgeMin: integer('match_age_min').notNull().default(18),
    matchAgeMax: integer('match_age_max').notNull().default(99),
    matchDistance: integer('match_distance').notNull().default(100),
    /** pending until the e-mail is confirmed; deactivated until the next login. */
    status: text('status', { enum: ['pending', 'active', 'deactivated'] })
      .notNull()
      .default('pending'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    connected: boolean('connected').notNull().default(false),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_key').on(table.phone),
    index('users_status_idx').on(table.status),
  ],
);

export type UserRow = typeof users.$inferSelect;
