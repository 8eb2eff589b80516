import { z } from 'zod';
import { handleMessages, handleSchema } from './auth.ts';
import { ImageSchema } from './media.ts';
import { memberText } from './member-text.ts';
import { LimitSchema, SkipSchema, sortSchema } from './paging.ts';
import { PostCreateSchema } from './posts.ts';

/**
 * Zones (issue 28): public and private interest groups. A zone's name is a handle with the username
 * rules and messages of SPEC section 5, unique whatever its case.
 */
export const ZONE_ACCESS = ['public', 'private'] as const;
export type ZoneAccess = (typeof ZONE_ACCESS)[number];
/** A member's place in a zone; `waiting` is a pending request. */
export const ZONE_ROLES = ['admin', 'manager', 'member', 'waiting'] as const;
export type ZoneRole = (typeof ZONE_ROLES)[number];
/** The roles an admin may give (waiting is reached only by a request). */
export const ZONE_GIVEN_ROLES = ['admin', 'manager', 'member'] as const;

const IN_ZONE = ['admin', 'manager', 'member'] as const;
const MODERATORS = ['admin', 'manager'] as const;
/**
 * Every right in a zone and the roles that have it (decision 0041); `null` is a member not in the zone.
 * The server decides with it (zones.policy.ts, which adds visitors and a public zone's feed); the web
 * shows each role what it may do from the same table.
 */
export const ZONE_RIGHTS = {
  view_page: ['admin', 'manager', 'member', 'waiting', null],
  view_members: IN_ZONE,
  view_waiting: MODERATORS,
  update: ['admin'],
  delete: ['admin'],
  change_role: ['admin'],
  decide_request: MODERATORS,
  remove: MODERATORS,
  ban: MODERATORS,
  manage_invites: MODERATORS,
  leave: IN_ZONE,
  cancel_request: ['waiting'],
  remind: ['waiting'],
  join: [null],
  // A private zone's feed; a public one's is read by every member signed in (canInZone).
  read_feed: IN_ZONE,
  post: IN_ZONE,
  remove_post: MODERATORS,
} as const satisfies Record<string, readonly (ZoneRole | null)[]>;
export type ZoneAction = keyof typeof ZONE_RIGHTS;

/** Whether a member of this role (null: not in the zone) has the right, whatever the zone's access. */
export const zoneRoleMay = (role: ZoneRole | null, action: ZoneAction): boolean =>
  (ZONE_RIGHTS[action] as readonly (ZoneRole | null)[]).includes(role);

export const ZONE_TITLE_MAX_LENGTH = 80;
export const ZONE_DESCRIPTION_MAX_LENGTH = 1000;
export const ZONE_QUESTIONS_MAX = 3;
export const ZONE_QUESTION_MAX_LENGTH = 200;
export const ZONE_ANSWER_MAX_LENGTH = 500;
export const ZONE_REASON_MAX_LENGTH = 500;
/** The zones a member belongs to (waiting included) by default; the server's ZONES_PER_MEMBER_MAX sets it. */
export const ZONES_PER_MEMBER_MAX = 50;
/** A waiting member reminds the admins at most once in this time. */
export const ZONE_REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** An invite link lasts at most this long, and is used at most this many times. */
export const ZONE_INVITE_MAX_DAYS = 30;
export const ZONE_INVITE_MAX_USES = 1000;

const prose = (max: number) =>
  z
    .string({ error: 'invalid_value' })
    .trim()
    .max(max, { error: 'max_length' })
    .superRefine(memberText('prose'));

export const ZoneTitleSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(ZONE_TITLE_MAX_LENGTH, { error: 'max_length', abort: true })
  .superRefine(memberText('name'));

const QuestionSchema = prose(ZONE_QUESTION_MAX_LENGTH).pipe(z.string().min(1, { error: 'required' }));

/** A zone's name: a handle with the username rules, its refusals said of the zone's name. */
export const ZoneNameSchema = handleSchema(handleMessages('zone_name'));

const ZoneFieldsSchema = z.object({
  title: ZoneTitleSchema,
  name: ZoneNameSchema,
  description: prose(ZONE_DESCRIPTION_MAX_LENGTH),
  /** A photo uploaded through POST /api/media-items (use `post`), claimed by the zone as its cover. */
  cover: z.uuid({ error: 'invalid_value' }).nullable(),
  access: z.enum(ZONE_ACCESS, { error: 'invalid_value' }),
  questions: z.array(QuestionSchema).max(ZONE_QUESTIONS_MAX, { error: 'invalid_value' }),
});
export const ZoneCreateSchema = ZoneFieldsSchema.extend({
  description: ZoneFieldsSchema.shape.description.default(''),
  cover: ZoneFieldsSchema.shape.cover.default(null),
  questions: ZoneFieldsSchema.shape.questions.default([]),
});
export type ZoneCreate = z.infer<typeof ZoneCreateSchema>;
/** PATCH: the fields given change, the others stay. */
export const ZoneUpdateSchema = ZoneFieldsSchema.partial();
export type ZoneUpdate = z.infer<typeof ZoneUpdateSchema>;

export const ZoneSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.uuid().nullable(),
  /**
   * The cover photo's files, served by GET /api/zones/{id}/cover/{file} to whoever may see the page;
   * null without a cover (or until its photo is ready).
   */
  coverImage: ImageSchema.nullable(),
  access: z.enum(ZONE_ACCESS),
  /** Asked of those who request a private zone; empty for others than members of a public zone. */
  questions: z.array(z.string()),
  members: z.int().describe('Members, admins and managers (not the waiting)'),
  /** The caller's role, or null (not a member, or a visitor). */
  role: z.enum(ZONE_ROLES).nullable(),
  createdAt: z.iso.datetime(),
});
export type Zone = z.infer<typeof ZoneSchema>;

/**
 * A list of zones counts at most this many (the web shows "1,000+"): counting every zone a common
 * word matches, or every suggestion, would read the whole table for a figure no one needs exactly.
 */
export const ZONE_LIST_COUNT_MAX = 1000;
export const ZoneListSchema = z.object({
  zones: z.array(ZoneSchema),
  count: z.int().describe(`The zones listed, counted up to ${ZONE_LIST_COUNT_MAX}`),
});
export type ZoneList = z.infer<typeof ZoneListSchema>;

export const ZONE_SORTS = ['-members', '+title', '-createdAt'] as const;
export const ZoneListQuerySchema = z.object({
  skip: SkipSchema,
  limit: LimitSchema.default(24),
  sort: sortSchema(ZONE_SORTS).default('-members'),
});
/**
 * Suggestions: popular zones, the member's language's first, or, `near=true`, the zones placed within the
 * member's preferred distance of their shared position (none when they share no position).
 */
export const ZoneSuggestionsQuerySchema = ZoneListQuerySchema.extend({
  near: z.stringbool({ error: 'invalid_value' }).optional(),
});
export const ZoneSearchQuerySchema = ZoneListQuerySchema.extend({
  q: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(ZONE_TITLE_MAX_LENGTH),
});

export const ZoneRequestSchema = z.object({
  answers: z.array(prose(ZONE_ANSWER_MAX_LENGTH)).max(ZONE_QUESTIONS_MAX).default([]),
});
export const ZoneDeclineSchema = z.object({ reason: prose(ZONE_REASON_MAX_LENGTH).default('') });
export const ZoneRoleChangeSchema = z.object({ role: z.enum(ZONE_GIVEN_ROLES, { error: 'invalid_value' }) });

export const ZONE_MEMBER_SORTS = ['+since', '-since', '+username'] as const;
export const ZoneMemberListQuerySchema = z.object({
  skip: SkipSchema,
  limit: LimitSchema.default(50),
  sort: sortSchema(ZONE_MEMBER_SORTS).default('+since'),
  role: z.enum(ZONE_ROLES, { error: 'invalid_value' }).optional(),
  q: z.string().trim().max(50).optional(),
});
export type ZoneMemberListQuery = z.infer<typeof ZoneMemberListQuerySchema>;

export const ZoneMemberSchema = z.object({
  _id: z.uuid().describe('The member'),
  username: z.string(),
  role: z.enum(ZONE_ROLES),
  since: z.iso.datetime(),
  /** A waiting member's answers, shown to admins and managers only (empty otherwise). */
  answers: z.array(z.string()),
  /** When a waiting member last reminded the admins (null otherwise): the waiting list shows it. */
  remindedAt: z.iso.datetime().nullable(),
});
export const ZoneMemberListSchema = z.object({ members: z.array(ZoneMemberSchema), count: z.int() });
export type ZoneMemberList = z.infer<typeof ZoneMemberListSchema>;

/**
 * One member as seen through the zone (GET /api/zones/{id}/members/{user}): their role and since when,
 * or, for the zone's admins and managers, someone out of it and whether they are banned.
 */
export const ZoneMemberDetailSchema = z.object({
  _id: z.uuid().describe('The member'),
  username: z.string(),
  role: z.enum(ZONE_ROLES).nullable(),
  since: z.iso.datetime().nullable(),
  /** Shown to the zone's admins and managers only (false for others). */
  banned: z.boolean(),
});
export type ZoneMemberDetail = z.infer<typeof ZoneMemberDetailSchema>;

/** The zone's banned members (GET /api/zones/{id}/bans), for its admins and managers; newest ban first. */
export const ZoneBanListQuerySchema = z.object({ skip: SkipSchema, limit: LimitSchema.default(50) });
export type ZoneBanListQuery = z.infer<typeof ZoneBanListQuerySchema>;
export const ZoneBannedSchema = z.object({
  _id: z.uuid().describe('The member'),
  username: z.string(),
  bannedAt: z.iso.datetime(),
});
export const ZoneBanListSchema = z.object({ members: z.array(ZoneBannedSchema), count: z.int() });
export type ZoneBanList = z.infer<typeof ZoneBanListSchema>;

/** The caller's own membership: a declined request's reason is read here. */
export const ZoneMembershipSchema = z.object({
  role: z.enum(ZONE_ROLES).nullable(),
  banned: z.boolean(),
  declineReason: z.string().nullable(),
  lastReminderAt: z.iso.datetime().nullable(),
  /** The caller is the zone's only admin: they name another before leaving or stepping down. */
  lastAdmin: z.boolean(),
});

export const ZoneInviteCreateSchema = z.object({
  days: z.int({ error: 'must_be_numeric' }).min(1).max(ZONE_INVITE_MAX_DAYS).default(7),
  maxUses: z.int({ error: 'must_be_numeric' }).min(1).max(ZONE_INVITE_MAX_USES).nullable().default(null),
  needsApproval: z.boolean().default(false),
});
export const ZoneInviteSchema = z.object({
  _id: z.uuid(),
  /** Given once, when the link is made: only its hash is stored. */
  token: z.string().optional(),
  expiresAt: z.iso.datetime(),
  maxUses: z.int().nullable(),
  uses: z.int(),
  needsApproval: z.boolean(),
  revoked: z.boolean(),
});
export const ZoneInviteListSchema = z.object({ invites: z.array(ZoneInviteSchema), count: z.int() });
export const ZoneInviteJoinSchema = z.object({ token: z.string().min(16).max(128) });

/** The description's first words an invite's preview shows (a public zone only). */
export const ZONE_INVITE_PREVIEW_TEXT_LENGTH = 160;
/**
 * GET /api/zones/by-invite/{token}: what a link invites to, before joining (nothing is joined). A
 * private zone shows its title, name, cover and member count only; a public one its description's
 * first words too. The caller's own place says whether they are in it already (or banned).
 */
export const ZoneInvitePreviewSchema = z.object({
  zone: z.object({
    _id: z.uuid(),
    title: z.string(),
    name: z.string(),
    coverImage: ImageSchema.nullable(),
    access: z.enum(ZONE_ACCESS),
    members: z.int(),
    /** The first words of a public zone's description (cut with "…"); null for a private zone. */
    description: z.string().nullable(),
  }),
  /** Joining through this link makes a waiting request, for the admins and managers to approve. */
  needsApproval: z.boolean(),
  expiresAt: z.iso.datetime(),
  role: z.enum(ZONE_ROLES).nullable(),
  banned: z.boolean(),
});
export type ZoneInvitePreview = z.infer<typeof ZoneInvitePreviewSchema>;

/**
 * POST /api/zones/{id}/posts: a post in a zone, with the same text and media rules. It is public
 * within its zone: a visibility or an allow list sent is left out.
 */
export const ZonePostCreateSchema = z
  .object({ text: PostCreateSchema.shape.text, media: PostCreateSchema.shape.media })
  .refine((post) => post.text.length > 0 || post.media.length > 0, { error: 'post_empty', path: ['text'] });
export type ZonePostCreate = z.infer<typeof ZonePostCreateSchema>;
