import { z } from 'zod';
import { AvatarSchema, ImageSchema } from './media.ts';
import { LimitSchema, SkipSchema } from './paging.ts';
import { OrientationSchema, RelationshipSchema, SexSchema } from './users.ts';
import { USER_LIST_SIZES } from './limits.ts';

/** The keyed lists of SPEC.md section 3; `users` is the default list. */
export const USER_LIST_FILTERS = [
  'users',
  'connected',
  'rated-each',
  'rated-me',
  'i-rated',
  'visited-me',
  'i-visited',
  'near',
  'popular',
  'last',
] as const;
export type UserListFilter = (typeof USER_LIST_FILTERS)[number];

/** Page size of each list (SPEC.md section 9; `rated-each`, the matches, is not named there). */
export function userListSize(filter: UserListFilter): number {
  return USER_LIST_SIZES[filter];
}

/** Orders of the default and connected lists; the other lists have their own fixed order. */
export const USER_LIST_SORTS = ['-lastActivity', '-createdAt', '-popularity'] as const;

export const UserListQuerySchema = z.object({
  filter: z.enum(USER_LIST_FILTERS, { error: 'invalid_value' }).default('users'),
  skip: SkipSchema,
  /** At most the list's size; defaults to it. */
  limit: LimitSchema.optional(),
  sort: z.enum(USER_LIST_SORTS, { error: 'invalid_value' }).optional(),
  /** Only members the viewer has not rated yet: the swap deck. */
  unrated: z.stringbool({ error: 'invalid_value' }).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/**
 * Distances leave the server only as one of these buckets (QUALITY Z4): the value is an upper bound
 * in km ("less than 1 km", "less than 5 km", ...); `DISTANCE_FAR` means more than the last one.
 */
export const DISTANCE_BUCKETS_KM = [1, 2, 5, 10, 25, 50, 100, 250, 500] as const;
export const DISTANCE_FAR = 501;
export const DistanceBucketSchema = z.union([
  ...DISTANCE_BUCKETS_KM.map((km) => z.literal(km)),
  z.literal(DISTANCE_FAR),
]);
export type DistanceBucket = (typeof DISTANCE_BUCKETS_KM)[number] | typeof DISTANCE_FAR;

export function distanceBucket(km: number): DistanceBucket {
  return DISTANCE_BUCKETS_KM.find((bound) => km < bound) ?? DISTANCE_FAR;
}

/** "Active recently" instead of a timestamp: online now, in the last 24 hours, the last 7 days, or earlier. */
export const ACTIVITIES = ['online', 'today', 'week', 'earlier'] as const;
export const ActivitySchema = z.enum(ACTIVITIES);
export type Activity = z.infer<typeof ActivitySchema>;

/** The photos a swap card leafs through (Tinder-like dots): enough to judge, few enough to stay light. */
export const SWAP_CARD_PHOTOS = 4;

/** Another member in a list or on the swap deck: what a card shows, nothing more (QUALITY Z2). */
export const UserCardSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  /** The first name, else the username; never the last name (publicNameOf, QUALITY Z2). */
  name: z.string(),
  age: z.int(),
  sex: SexSchema.nullable(),
  /** A moderator approved their selfie (verification.ts): the badge. */
  verified: z.boolean(),
  /** Slim: a card shows the thumbnail over its placeholder (bar B6). */
  avatar: AvatarSchema.nullable(),
  activity: ActivitySchema,
  /** Null when either member has not shared a position. */
  distance: DistanceBucketSchema.nullable(),
  /**
   * Only on the swap deck's answer (`unrated=true`), whose top card shows them large, one at a time;
   * never on the other lists, which show thumbnails only. The photos whole (`srcset` sources): the
   * avatar first, then the newest others, at most SWAP_CARD_PHOTOS.
   */
  photos: z.array(ImageSchema).max(SWAP_CARD_PHOTOS).optional(),
  /** Only on the swap deck's answer: the member's about text, the card's bio line. */
  about: z.string().optional(),
});
export type UserCard = z.infer<typeof UserCardSchema>;

export const UserListSchema = z.object({ users: z.array(UserCardSchema), count: z.int() });
export type UserList = z.infer<typeof UserListSchema>;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Two members who rate each other at least this much are matched. */
export const MATCH_MIN_SCORE = 4;
/** The swap deck's like and pass. */
export const LIKE_SCORE = 5;
export const PASS_SCORE = 1;

export const RatingSchema = z.object({
  user: z.uuid({ error: 'invalid_value' }),
  score: z
    .int({ error: 'must_be_numeric' })
    .min(RATING_MIN, { error: 'invalid_value' })
    .max(RATING_MAX, { error: 'invalid_value' }),
});
export type Rating = z.infer<typeof RatingSchema>;

export const RatingResultSchema = z.object({ user: z.string(), score: z.int(), matched: z.boolean() });
export type RatingResult = z.infer<typeof RatingResultSchema>;

/**
 * A profile page (GET /api/users/{id}). Visitors get the card's identity and the about text only;
 * members also get photos, relationship, orientation, activity, distance and their own rating.
 */
export const ProfileSchema = UserCardSchema.omit({
  activity: true,
  distance: true,
  photos: true,
  about: true,
}).extend({
  /** Whole: the profile's gallery shows the avatar first, large. */
  avatar: ImageSchema.nullable(),
  about: z.string(),
  relationship: RelationshipSchema.nullable().optional(),
  orientation: OrientationSchema.nullable().optional(),
  activity: ActivitySchema.optional(),
  distance: DistanceBucketSchema.nullable().optional(),
  photos: z.array(ImageSchema).optional(),
  /** The viewer's current rating of this member and whether both rated each other 4 or more. */
  rating: z.object({ mine: z.int().nullable(), matched: z.boolean() }).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The payload of `matched:{userId}`: the other member, the match, and its status. */
export const MatchEventSchema = z.object({
  user: UserCardSchema,
  match: z.object({ _id: z.string(), createdAt: z.string() }),
  status: z.literal('matched'),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

/** `users:users:update:coordinates`, as the browser's Geolocation API gives it. */
export const CoordinatesSchema = z.object({
  accuracy: z.number().nonnegative(),
  altitude: z.number().nullable(),
  altitudeAccuracy: z.number().nullable(),
  heading: z.number().nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  speed: z.number().nullable(),
});
/** A member's stored position changes at most this often; other updates are ignored. */
export const LOCATION_UPDATE_INTERVAL_MS = 60_000;
/** The grid positions are snapped to before they are stored: 0.01 degree, about 1.1 km. */
export const LOCATION_GRID_DEGREES = 0.01;
