import { expect } from 'vitest';
import type { UserList, UserListFilter } from '@motema/shared/discovery';
import type { EventAck } from '@motema/shared/realtime';
import { matches, ratings, users, visits, type MatchRow, type RatingRow } from '../db/schema.ts';
import { snapToGrid } from '../features/discovery/snap-to-grid.ts';
import { clock } from '../lib/clock.ts';
import type { TestApp } from './build-test-app.ts';
import { asMember, birthDate, createMember, type Member, type MemberOverrides } from './factories.ts';
import { emitAck, type ClientSocket } from './socket-test-bed.ts';

export type Position = { latitude: number; longitude: number };

/** Kinshasa, Gombe: where the test members live unless told otherwise. */
export const KINSHASA: Position = { latitude: -4.3036, longitude: 15.3093 };

/** A position `km` north (negative: south) and `eastKm` east of `from` (flat-earth approximation). */
export function moved(from: Position, northKm: number, eastKm = 0): Position {
  const latitude = from.latitude + northKm / 111.2;
  const longitude = from.longitude + eastKm / (111.32 * Math.cos((from.latitude * Math.PI) / 180));
  return { latitude, longitude };
}

export type ProfileOptions = Omit<MemberOverrides, 'latitude' | 'longitude'> & {
  /** Whole years today (the birth date is set from it, a little after the last birthday). */
  age?: number;
  /** Stored snapped, as the app stores positions; null for no position shared. */
  position?: Position | null;
  /** Who this member wants to see (their match preferences). */
  wants?: ('male' | 'female' | 'non_binary')[];
};

/**
 * An active member with a complete profile (first name and sex), wanting everyone aged 18 to 120
 * within 500 km unless told otherwise, living at KINSHASA (snapped) unless `position` says.
 */
export async function createProfile(t: Pick<TestApp, 'db'>, options: ProfileOptions = {}): Promise<Member> {
  const { age = 30, position = KINSHASA, wants = ['male', 'female', 'non_binary'], ...columns } = options;
  const cell = position ? snapToGrid(position.latitude, position.longitude) : null;
  return createMember(t, {
    dateOfBirth: birthDate(age, -10),
    sex: 'female',
    matchSex: wants,
    matchAgeMin: 18,
    matchAgeMax: 120,
    matchDistance: 500,
    latitude: cell?.latitude ?? null,
    longitude: cell?.longitude ?? null,
    locationUpdatedAt: cell ? new Date(clock.now().getTime() - 3_600_000) : null,
    lastActivity: clock.now(),
    ...columns,
  });
}

let bulkSequence = 0;

/**
 * `count` members like createProfile's in one INSERT, without sessions (they are only listed):
 * `each(i)` may set any column of the i-th. Returns the rows in insertion order.
 */
export async function insertProfiles(
  t: Pick<TestApp, 'db'>,
  count: number,
  options: ProfileOptions = {},
  each: (index: number) => Partial<typeof users.$inferInsert> = () => ({}),
) {
  const {
    age = 30,
    position = KINSHASA,
    wants = ['male', 'female', 'non_binary'],
    password: _,
    ...columns
  } = options;
  const cell = position ? snapToGrid(position.latitude, position.longitude) : null;
  const batch = `bulk${process.pid.toString(36)}${(bulkSequence++).toString(36)}`;
  const rows = Array.from({ length: count }, (_, index) => ({
    username: `${batch}n${index}`,
    email: `${batch}n${index}@example.com`,
    passwordHash: 'no-login',
    firstName: 'Amani',
    lastName: 'Kabila',
    dateOfBirth: birthDate(age, -10),
    sex: 'female' as const,
    status: 'active' as const,
    emailConfirmedAt: clock.now(),
    matchSex: wants,
    latitude: cell?.latitude ?? null,
    longitude: cell?.longitude ?? null,
    lastActivity: clock.now(),
    ...columns,
    ...each(index),
  }));
  return t.db.insert(users).values(rows).returning();
}

/** A rating written straight into the table, at `at` (now by default); a missing member is created. */
export async function buildRating(
  t: Pick<TestApp, 'db'>,
  options: { rater?: Member; rated?: Member; score?: number; at?: Date } = {},
): Promise<RatingRow> {
  const {
    rater = await createMember(t),
    rated = await createMember(t),
    score = 5,
    at = clock.now(),
  } = options;
  const [row] = await t.db
    .insert(ratings)
    .values({ raterId: rater.user.id, ratedId: rated.user.id, score, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

/** A visit written straight into the table, at `at` (now by default); a missing member is created. */
export async function buildVisit(
  t: Pick<TestApp, 'db'>,
  options: { visitor?: Member; visited?: Member; at?: Date } = {},
) {
  const { visitor = await createMember(t), visited = await createMember(t), at = clock.now() } = options;
  const [row] = await t.db
    .insert(visits)
    .values({ visitorId: visitor.user.id, visitedId: visited.user.id, firstAt: at, lastAt: at })
    .returning();
  return row!;
}

/** A match between `members` (the ones not given are created), stored as discovery stores it: smaller id first. */
export async function buildMatch(
  t: Pick<TestApp, 'db'>,
  { members = [] }: { members?: readonly Member[] } = {},
): Promise<MatchRow> {
  const [a = await createMember(t), b = await createMember(t)] = members;
  const [userA, userB] = [a.user.id, b.user.id].sort() as [string, string];
  const [row] = await t.db.insert(matches).values({ userA, userB }).returning();
  return row!;
}

/** GET /api/users as `member`; throws unless 200. */
export async function listFor(
  t: Pick<TestApp, 'app'>,
  member: Member,
  filter: UserListFilter,
  query: Record<string, string | number | boolean> = {},
): Promise<UserList> {
  const params = new URLSearchParams({
    filter,
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  const res = await asMember(t, member.cookie)('GET', `/api/users?${params}`);
  if (res.statusCode !== 200) throw new Error(`GET /api/users?${params}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The ids of a list, in order. */
export async function idsOf(
  t: Pick<TestApp, 'app'>,
  member: Member,
  filter: UserListFilter,
  query: Record<string, string | number | boolean> = {},
): Promise<string[]> {
  return (await listFor(t, member, filter, query)).users.map((user) => user._id);
}

/** POST /api/rate/user as `rater`. */
export function rate(t: Pick<TestApp, 'app'>, rater: Member, rated: Member | string, score: number) {
  const user = typeof rated === 'string' ? rated : rated.user.id;
  return asMember(t, rater.cookie)('POST', '/api/rate/user', { user, score });
}

/** Sends a position update and resolves with the server's ack. */
export function sendPosition(socket: ClientSocket, payload: unknown): Promise<EventAck> {
  return emitAck(socket, 'users:users:update:coordinates', payload);
}

/** A browser-like Geolocation payload at `position`. */
export function coordinates(position: Position, accuracy = 12) {
  return { ...position, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null };
}

/** Every relation a list is made of: ratings both ways, visits both ways, a match. */
export async function everyRelation(t: Pick<TestApp, 'db'>, viewer: Member, other: Member) {
  await buildRating(t, { rater: viewer, rated: other });
  await buildRating(t, { rater: other, rated: viewer });
  await buildVisit(t, { visitor: viewer, visited: other });
  await buildVisit(t, { visitor: other, visited: viewer });
  await buildMatch(t, { members: [viewer, other] });
}

/** QUALITY Z2: none of these ever leave the server about another member (keys nor values). */
export function expectNoPrivateData(body: string, member: Member) {
  const keys = [
    'dateOfBirth',
    'date_of_birth',
    'email',
    'phone',
    'latitude',
    'longitude',
    'passwordHash',
    'password',
    'matchSex',
    'match_sex',
    'popularity',
    'lastActivity',
    'last_activity',
    'locationUpdatedAt',
    'connected"',
  ];
  for (const key of keys) expect(body, key).not.toContain(`"${key}`);
  expect(body).not.toContain(member.user.dateOfBirth);
  expect(body).not.toContain(member.user.email);
  if (member.user.phone) expect(body).not.toContain(member.user.phone);
  if (member.user.latitude !== null) expect(body).not.toContain(String(member.user.latitude));
  if (member.user.longitude !== null) expect(body).not.toContain(String(member.user.longitude));
}
