import { z } from 'zod';
import { REPORT_REASON_KEYS, type ReportReason } from './safety.ts';
import { LimitSchema, SkipSchema } from './paging.ts';

/**
 * Moderation (docs/moderation.md): members' reports merge into one case per reported subject, which
 * moderators and admins handle from the console at /moderation. Every console route answers 404
 * (`not_found`, as an unknown path) to a member: roles are granted by `npm run admin -- grant`, never
 * by the API.
 *
 * Console routes (moderators and admins). A case about the staff member asking is never theirs: it
 * is left out of their list and count, answers 404 `not_found` (its pictures too, as their own member
 * history does), and refuses taking it or any action with 403 `case_about_yourself`. Nor is a case they
 * reported (one of its reports is theirs): left out of their list and count, shown with `actionable`
 * false, and refused taking it or any action (its appeal too) with 403 `case_you_reported`.
 * - GET /api/moderation/cases?state&assigned&skip&limit -> CaseList (highest priority, then newest report, first)
 * - GET /api/moderation/cases/:id -> CaseDetail
 * - PUT /api/moderation/cases/:id/assignee (CaseAssignInput) -> CaseDetail
 * - POST /api/moderation/cases/:id/actions (ModerationActionInput) -> CaseDetail; 409
 *   `case_closed` on a closed case, 409 `appeal_needs_another_moderator` when the moderator who took
 *   the appealed action acts on its appeal
 * - GET /api/moderation/cases/:id/media/:index -> the snapshot's picture (console only)
 * - GET /api/moderation/members/:id -> MemberHistory (their cases and the actions taken on them)
 *
 * Member routes:
 * - POST /api/reports (safety.ts ReportSchema: a member and optionally one of their posts, comments,
 *   photos, stories or messages; or a zone) merges into the subject's case
 * - GET /api/moderation/notices -> NoticeList (the signed-in member's warnings and sanctions, newest first)
 * - GET /api/appeals/:token (public: the link of the action's e-mail, usable while signed out) -> AppealView
 * - POST /api/appeals/:token (public, AppealInput) -> 201 AppealView; 409 `appeal_already_made`,
 *   410 `appeal_too_late` (after APPEAL_WINDOW_DAYS), 404 `not_found` for an unknown token
 * Sign-in of a suspended member: 403 `account_suspended` (with `until`); of a banned one: 403
 * `account_banned`. Registering, or changing one's e-mail or phone, with a banned e-mail, phone or
 * payout number: 403 `registration_refused`.
 */

export const CASE_SUBJECT_KINDS = [
  'member',
  'photo',
  'post',
  'comment',
  'story',
  'message',
  'zone',
  'live',
] as const;
export type CaseSubjectKind = (typeof CASE_SUBJECT_KINDS)[number];

export const CASE_STATES = ['open', 'escalated', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/**
 * What a moderator does to a case. `dismiss` closes it with nothing done (the reporters' accuracy
 * counts it against them); `escalate` hands it to admins; the others close it with a sanction of the
 * subject's member, or of a reporter (`mute_reporter`: their reports stop counting for `days`).
 */
export const MODERATION_ACTIONS = [
  'dismiss',
  'escalate',
  'remove_content',
  'warn',
  'restrict',
  'require_verification',
  'suspend',
  'ban',
  'mute_reporter',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The actions that need a duration in days: a suspension, a restriction and a reporter's mute. */
export const ACTIONS_WITH_DAYS: readonly ModerationAction[] = ['suspend', 'restrict', 'mute_reporter'];
/** The actions the member concerned is told about, by e-mail in their language, with the appeal link. */
export const NOTIFIED_ACTIONS: readonly ModerationAction[] = [
  'remove_content',
  'warn',
  'restrict',
  'require_verification',
  'suspend',
  'ban',
];

/** The community rules an action cites; the member's notice names the one they broke. */
export const MODERATION_RULES = [
  'fake_profile',
  'scam',
  'sexual_content',
  'harassment',
  'hate_or_violence',
  'underage',
  'spam',
  'other',
] as const;
export type ModerationRule = (typeof MODERATION_RULES)[number];

export const MODERATION_DAYS_MAX = 365;
export const MODERATION_NOTE_MAX_LENGTH = 1000;
/** One appeal per action, within this many days of it. */
export const APPEAL_WINDOW_DAYS = 20;
export const APPEAL_TEXT_MAX_LENGTH = 2000;

export const ModerationActionInputSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: 'invalid_value' }),
    rule: z.enum(MODERATION_RULES, { error: 'invalid_value' }),
    /** For the staff only: why, in the moderator's words (the audit log keeps it). */
    note: z.string({ error: 'invalid_value' }).trim().max(MODERATION_NOTE_MAX_LENGTH).default(''),
    /** For the member, in a warning: what they should change (optional). */
    message: z.string({ error: 'invalid_value' }).trim().max(MODERATION_NOTE_MAX_LENGTH).default(''),
    days: z.int({ error: 'must_be_numeric' }).min(1).max(MODERATION_DAYS_MAX).optional(),
    /** `mute_reporter`: which of the case's reporters. */
    reporter: z.uuid({ error: 'invalid_value' }).optional(),
  })
  .refine((input) => !ACTIONS_WITH_DAYS.includes(input.action) || input.days !== undefined, {
    error: 'days_required',
    path: ['days'],
  })
  .refine((input) => input.action !== 'mute_reporter' || input.reporter !== undefined, {
    error: 'invalid_value',
    path: ['reporter'],
  });
export type ModerationActionInput = z.infer<typeof ModerationActionInputSchema>;

/** `me` takes the case, `null` hands it back to the queue. */
export const CaseAssignInputSchema = z.object({ assignee: z.union([z.literal('me'), z.null()]) });
export type CaseAssignInput = z.infer<typeof CaseAssignInputSchema>;

export const CaseListQuerySchema = z.object({
  state: z.enum(CASE_STATES, { error: 'invalid_value' }).default('open'),
  /** `me`: assigned to the moderator asking; `none`: nobody's yet; `any`: all. */
  assigned: z.enum(['me', 'none', 'any'], { error: 'invalid_value' }).default('any'),
  skip: SkipSchema,
  limit: LimitSchema.default(30),
});
export type CaseListQuery = z.infer<typeof CaseListQuerySchema>;

const StaffSchema = z.object({ _id: z.string(), username: z.string() });

/** The member a case is about (the subject's author, or the member reported), as the staff see them. */
export const CaseMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  /** The avatar's thumbnail URL, or null; a deleted account shows its snapshot only. */
  avatar: z.string().nullable(),
  status: z.enum(['pending', 'active', 'deactivated', 'suspended', 'banned', 'deleted']),
  verified: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CaseMember = z.infer<typeof CaseMemberSchema>;

export const CaseSummarySchema = z.object({
  _id: z.string(),
  subject: z.object({ kind: z.enum(CASE_SUBJECT_KINDS), _id: z.string() }),
  member: CaseMemberSchema.nullable(),
  state: z.enum(CASE_STATES),
  /** Higher first: distinct reporters weighted by their past accuracy and account age, and the reasons' severity. */
  priority: z.number(),
  reporters: z.int(),
  /** Each reason with how many reports gave it, most given first. */
  reasons: z.array(
    z.object({ reason: z.enum(REPORT_REASON_KEYS as [ReportReason, ...ReportReason[]]), count: z.int() }),
  ),
  /** Where the case came from: members' reports, the scam shield, or a moderator's own finding. */
  source: z.enum(['reports', 'shield', 'staff']),
  assignee: StaffSchema.nullable(),
  /** The member appealed the last action: the case is open again, for another moderator. */
  appealed: z.boolean(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;
export const CaseListSchema = z.object({ cases: z.array(CaseSummarySchema), count: z.int() });
export type CaseList = z.infer<typeof CaseListSchema>;

/**
 * The subject as it was when first reported, kept when its author deletes it (and deleted with the
 * case after the retention period of the privacy policy). `media` are console URLs of its pictures.
 */
export const CaseSnapshotSchema = z.object({
  takenAt: z.string(),
  /** The text: the post's, comment's, message's or story's caption, the member's about, the zone's title and description. */
  text: z.string(),
  media: z.array(z.object({ url: z.string(), kind: z.enum(['photo', 'video', 'audio']) })),
  /** For a member: their profile as it was (first name, username, age, about, photos' URLs in `media`). */
  profile: z
    .object({
      username: z.string(),
      firstName: z.string().nullable(),
      age: z.int().nullable(),
      about: z.string(),
    })
    .nullable(),
  /** Whether the subject still exists as it was (false: deleted or removed since). */
  live: z.boolean(),
});
export type CaseSnapshot = z.infer<typeof CaseSnapshotSchema>;

export const CaseReportSchema = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASON_KEYS as [ReportReason, ...ReportReason[]]),
  subReason: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Staff only (the reported member never learns who reported them, SPEC section 6). */
  reporter: z.object({
    _id: z.string(),
    username: z.string(),
    accountAgeDays: z.int(),
    /** Their last reports' outcomes: agreed (an action was taken) and dismissed. */
    accuracy: z.object({ agreed: z.int(), dismissed: z.int() }),
    muted: z.boolean(),
  }),
});
export type CaseReport = z.infer<typeof CaseReportSchema>;

/** One entry of the append-only audit log. */
export const ModerationEventSchema = z.object({
  _id: z.string(),
  caseId: z.string().nullable(),
  action: z.enum([...MODERATION_ACTIONS, 'assign', 'appeal', 'reopen', 'lift']),
  rule: z.enum(MODERATION_RULES).nullable(),
  note: z.string(),
  message: z.string(),
  days: z.int().nullable(),
  moderator: StaffSchema.nullable(),
  createdAt: z.string(),
});
export type ModerationEvent = z.infer<typeof ModerationEventSchema>;

export const CaseDetailSchema = CaseSummarySchema.extend({
  snapshot: CaseSnapshotSchema,
  reports: z.array(CaseReportSchema),
  /** This case's audit log, oldest first. */
  events: z.array(ModerationEventSchema),
  /** The member's appeal of the last action, if any. */
  appeal: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /** Whether the asking moderator may act: not on a closed case, one they reported, nor the appeal of their own action. */
  actionable: z.boolean(),
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

export const MemberHistorySchema = z.object({
  member: CaseMemberSchema,
  cases: z.array(CaseSummarySchema),
  events: z.array(ModerationEventSchema),
});
export type MemberHistory = z.infer<typeof MemberHistorySchema>;

/** What the member concerned is told: the rule, the moderator's message, until when, and how to appeal. */
export const NoticeSchema = z.object({
  _id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  rule: z.enum(MODERATION_RULES),
  message: z.string(),
  until: z.string().nullable(),
  createdAt: z.string(),
  /** The appeal page's path (`/appeal/<token>`) while an appeal may still be made, else null. */
  appealPath: z.string().nullable(),
});
export type Notice = z.infer<typeof NoticeSchema>;
export const NoticeListSchema = z.object({ notices: z.array(NoticeSchema) });
export type NoticeList = z.infer<typeof NoticeListSchema>;

export const AppealInputSchema = z.object({
  text: z
    .string({ error: 'invalid_value' })
    .trim()
    .min(1, { error: 'appeal_text_required' })
    .max(APPEAL_TEXT_MAX_LENGTH, { error: 'max_length' }),
});
export type AppealInput = z.infer<typeof AppealInputSchema>;

export const AppealViewSchema = z.object({
  notice: NoticeSchema,
  /** The last day an appeal may be made. */
  deadline: z.string(),
  appeal: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
});
export type AppealView = z.infer<typeof AppealViewSchema>;

export const CaseIdParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
