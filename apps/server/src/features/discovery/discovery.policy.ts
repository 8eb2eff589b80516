import { and, eq, gt, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { conversations, matches, users } from '../../db/schema.ts';
import { blockedMembersOf, notBlockedWith, notReportedBy } from '../safety/safety.policy.ts';

/**
 * The member looking at lists and profiles, with the preferences every list follows: the sexes
 * wanted, the birth dates of the age range (computed once per request), the preferred distance, and
 * the viewer's own snapped position (null when not shared).
 */
export type Viewer = {
  id: string;
  matchSex: string[];
  bornOnOrBefore: string;
  bornAfter: string;
  matchDistanceKm: number;
  latitude: number | null;
  longitude: number | null;
  /** Their match preference "verified members only": the lists show members with a verified selfie only. */
  verifiedOnly: boolean;
};

export type Position = { latitude: number; longitude: number };

export function positionOf(viewer: Viewer): Position | null {
  return viewer.latitude === null || viewer.longitude === null
    ? null
    : { latitude: viewer.latitude, longitude: viewer.longitude };
}

/** earthdistance's point of a member (the first key of the GiST index `users_near_idx`). */
export const memberPoint = sql`ll_to_earth(${users.latitude}, ${users.longitude})`;

export const pointAt = (at: Position) => sql`ll_to_earth(${at.latitude}::float8, ${at.longitude}::float8)`;

/**
 * Great-circle distance in metres between two snapped positions, on earthdistance's sphere: the
 * haversine formula in plain float arithmetic. The same figure as `earth_distance(ll_to_earth(..),
 * ll_to_earth(..))` (to the micrometre up to thousands of km, to a metre at the antipode) at a fifth
 * of its cost: earthdistance builds two cubes a row and calls SQL functions PostgreSQL does not
 * inline, over a microsecond a member tested (QUALITY B1).
 */
export const metresFrom = (at: Position) => metresBetween(at, users.latitude, users.longitude);

/** `metresFrom` for another table's position columns (a zone's place). */
export function metresBetween(at: Position, latitude: AnyPgColumn, longitude: AnyPgColumn): SQL<number> {
  const [lat, lon] = [sql`${at.latitude}::float8`, sql`${at.longitude}::float8`];
  const haversine = sql`power(sin(radians(${latitude} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${latitude})) * power(sin(radians(${longitude} - ${lon}) / 2), 2)`;
  return sql<number>`(${2 * EARTH_RADIUS_M}::float8 * asin(least(sqrt(${haversine}), 1::float8)))`;
}

/** Kilometres from the viewer to the member, null when either has not shared a position. */
export function distanceKmFrom(viewer: Viewer): SQL<number | null> {
  const at = positionOf(viewer);
  if (!at) return sql<null>`NULL::float8`;
  return sql<number | null>`CASE WHEN ${users.latitude} IS NULL THEN NULL ELSE ${metresFrom(at)} / 1000 END`;
}

/**
 * A member anyone may see: active (so e-mail confirmed, not deactivated, suspended nor banned), with
 * a complete profile (first name and sex), not the viewer, with no block between them in either
 * direction (Z3), and, when in discreet mode, only by their matches and conversation partners.
 */
export function visibleTo(viewerId: string): SQL {
  return and(visibleBarringBlocks(viewerId), notBlockedWith(viewerId, users.id))!;
}

/** `visibleTo` but for its blocks, which `visibleTo` and `listedForMany` test each its own way. */
function visibleBarringBlocks(viewerId: string): SQL {
  return and(
    eq(users.status, 'active'),
    isNotNull(users.firstName),
    ne(users.firstName, ''),
    isNotNull(users.sex),
    ne(users.id, viewerId),
    seenInDiscreetModeBy(viewerId),
  )!;
}

/**
 * A member the viewer's lists show and their notifications count: visible to them, not one they
 * reported, and not one a moderator asked to verify (hidden from lists until verified). A report hides
 * one way only and from lists only: the profile (`visibleTo`) stays reachable by its link, and the
 * reported member still sees the reporter.
 */
export function listedFor(viewerId: string): SQL {
  return and(visibleTo(viewerId), notReportedBy(viewerId, users.id), notAskedToVerify)!;
}

/**
 * `listedFor` for a statement that tests many members, the member lists' pages and counts: the same
 * members, with the blocks read once into a hash (`blockedMembersOf`) instead of two index probes per
 * member tested. A page of the near list skips the members of the pages before it, each of them
 * tested: at 100,000 members page 20 (240 members tested) executed in 2.0 ms with the probes against
 * 1.0 ms with the hash, page 1 in 0.6 against 0.4 ms (QUALITY B2: page 20 <= 1.5x page 1).
 */
export function listedForMany(viewerId: string): SQL {
  return and(
    visibleBarringBlocks(viewerId),
    sql`${users.id} NOT IN (${blockedMembersOf(viewerId)})`,
    notReportedBy(viewerId, users.id),
    notAskedToVerify,
  )!;
}

/** Not asked by a moderator to verify their identity ("require verification"). */
const notAskedToVerify = sql`NOT ${users.verificationRequired}`;

/**
 * For the other features' lists of members (a zone's members, a story's viewers), over their join of
 * `users`: the member is one the viewer may see listed, as `listedFor` says of discreet mode and of a
 * moderator's "require verification".
 */
export function shownInListsTo(viewerId: string): SQL {
  return and(notAskedToVerify, seenInDiscreetModeBy(viewerId))!;
}

/**
 * Discreet mode (docs/discreet-mode.md): a member who chose it is seen only by themself, their matches
 * and the members they have a conversation with. The two probes run for discreet members only: `OR` stops at
 * its first true arm.
 */
export function seenInDiscreetModeBy(viewerId: string): SQL {
  const viewer = sql`${viewerId}::uuid`;
  return sql`(NOT ${users.discreet} OR ${users.id} = ${viewer} OR ${matchedBetween(viewer, users.id)}
    OR ${conversingBetween(viewer, users.id)})`;
}

/**
 * The discovery lists of members (the default list, connected, popular, last, near and the swap deck)
 * show no member in discreet mode nor one asked to verify, whoever looks (their matches find them in
 * the matches list and their conversations): the same two conditions as the predicate of the lists'
 * partial indexes (`users_listed_*_idx`, `users_near_idx`), so the planner keeps them.
 */
export const discoverable = sql`(NOT ${users.discreet} AND NOT ${users.verificationRequired})`;

/**
 * When a member is around, as others are shown it (cards, profiles, chat's presence): in discreet mode
 * never connected and no last activity, to everyone, in the database's answer already.
 */
export const shownConnected = sql<boolean>`(${users.connected} AND NOT ${users.discreet})`;
export const shownLastActivity =
  sql<Date | null>`CASE WHEN ${users.discreet} THEN NULL ELSE ${users.lastActivity} END`.mapWith(
    users.lastActivity,
  );

/** The two members have a conversation: one probe of its unique pair key (the two ids sorted, as chat writes it). */
export function conversingBetween(a: AnyPgColumn | SQL, b: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${conversations}
    WHERE ${conversations.pairKey} = LEAST(${a}, ${b})::text || ':' || GREATEST(${a}, ${b})::text)`;
}

/** The other member of each of the viewer's matches, as a subquery of ids (both keys of `matches` indexed). */
export function matchedMembersOf(viewerId: string): SQL {
  return sql`SELECT ${matches.userB} FROM ${matches} WHERE ${matches.userA} = ${viewerId}
    UNION ALL SELECT ${matches.userA} FROM ${matches} WHERE ${matches.userB} = ${viewerId}`;
}

/** The two members match: one probe of the key of `matches` (least id first). */
export function matchedBetween(a: AnyPgColumn | SQL, b: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${matches} WHERE ${matches.userA} = LEAST(${a}, ${b})
    AND ${matches.userB} = GREATEST(${a}, ${b}))`;
}

/** `matchedBetween` as SQL text over two uuid expressions, for named statements (decision 0009). */
export function matchedBetweenSql(a: string, b: string): string {
  return `EXISTS (SELECT 1 FROM matches dm_m WHERE dm_m.user_a = LEAST(${a}, ${b}) AND dm_m.user_b = GREATEST(${a}, ${b}))`;
}

/** earthdistance's sphere radius in metres (`earth()`). */
const EARTH_RADIUS_M = 6_378_168;
const DEGREES = 180 / Math.PI;

/**
 * The latitude and longitude ranges holding every point within `metres` of `at` on earthdistance's
 * sphere (a little wider, for rounding); no longitude range near a pole or across the 180th meridian.
 */
export function boundingBox(at: Position, metres: number) {
  const angle = metres / EARTH_RADIUS_M;
  const dLat = angle * DEGREES + 1e-6;
  const latitude = { min: at.latitude - dLat, max: at.latitude + dLat };
  const reach = Math.sin(angle) / Math.cos(at.latitude / DEGREES);
  if (Math.abs(at.latitude) + dLat >= 89 || reach >= 1) return { latitude, longitude: null };
  const dLon = Math.asin(reach) * DEGREES + 1e-6;
  const longitude = { min: at.longitude - dLon, max: at.longitude + dLon };
  if (longitude.min < -180 || longitude.max > 180) return { latitude, longitude: null };
  return { latitude, longitude };
}

/**
 * Within `km` of `at`. Plain latitude and longitude ranges first (a few comparisons, where the
 * earthdistance functions cost microseconds per row), then the exact great-circle test; `indexed`
 * adds earthdistance's box test, which the GiST index uses to prune (and to stop a nearest-first scan
 * at the edge of the preferred distance).
 */
export function withinKm(at: Position, km: number, { indexed = false } = {}): SQL {
  const metres = km * 1000;
  const box = boundingBox(at, metres);
  return and(
    sql`${users.latitude} BETWEEN ${box.latitude.min}::float8 AND ${box.latitude.max}::float8`,
    box.longitude
      ? sql`${users.longitude} BETWEEN ${box.longitude.min}::float8 AND ${box.longitude.max}::float8`
      : undefined,
    indexed ? sql`earth_box(${pointAt(at)}, ${metres}::float8) @> ${memberPoint}` : undefined,
    sql`${metresFrom(at)} <= ${metres}::float8`,
  )!;
}

/**
 * The viewer's match preferences (the other side's preferences hide no one): a sex they want, an
 * age in their range and, when the viewer has a position, not farther than their distance; members
 * who have not shared a position stay in. With "verified members only", a verified selfie too.
 */
export function wantedBy(viewer: Viewer, { distance = true } = {}): SQL {
  const at = distance ? positionOf(viewer) : null;
  return and(
    inArray(users.sex, viewer.matchSex as ('male' | 'female' | 'non_binary')[]),
    lte(users.dateOfBirth, viewer.bornOnOrBefore),
    gt(users.dateOfBirth, viewer.bornAfter),
    at ? sql`(${users.latitude} IS NULL OR ${withinKm(at, viewer.matchDistanceKm)})` : undefined,
    viewer.verifiedOnly ? isNotNull(users.verifiedAt) : undefined,
  )!;
}

/**
 * `wantedBy`'s rule as SQL text, for the named statements of other features (decision 0009: they
 * cannot be Drizzle), between two rows of `users` named by their aliases: `member` fits `viewer`'s
 * preferences on `at` (a timestamptz expression). A sex the viewer wants (none when they have named
 * none: discovery shows them nobody), an age in their range as birth-date-bounds.ts counts it (UTC
 * days, 29 February a year later is the 28th), within their distance when both have shared a
 * position. The chat paywall embeds it; paywall-preferences.test.ts holds it to `wantedBy`.
 */
export function fitsPreferencesSql({
  member,
  viewer,
  at,
}: {
  member: string;
  viewer: string;
  at: string;
}): string {
  const today = `((${at}) AT TIME ZONE 'UTC')::date`;
  return `(
      COALESCE(${member}.sex = ANY(${viewer}.match_sex), false)
      AND ${member}.date_of_birth <= (${today} - make_interval(years => ${viewer}.match_age_min))::date
      AND ${member}.date_of_birth > (${today} - make_interval(years => ${viewer}.match_age_max + 1))::date
      AND (${member}.latitude IS NULL OR ${viewer}.latitude IS NULL
        OR earth_distance(ll_to_earth(${member}.latitude, ${member}.longitude), ll_to_earth(${viewer}.latitude, ${viewer}.longitude))
          <= ${viewer}.match_distance * 1000.0))`;
}
