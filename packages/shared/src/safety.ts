import { z } from 'zod';
import { AvatarThumbnailSchema } from './media.ts';
import { memberText } from './member-text.ts';
import { LimitSchema, SkipSchema } from './paging.ts';
/** Report reasons of SPEC.md section 3, each with its sub-reasons. */
export const REPORT_REASONS = {
  fake_account: [
    'someone_i_know_photo',
    'my_photo',
    'famous_person_photo',
    'robotic_replies',
    'fake_location',
    'limited_info',
    'other',
  ],
  inappropriate_content: ['nudity', 'sexual_content', 'offensive_language', 'other'],
  scam_or_commercial: [
    'asks_for_money',
    'asks_personal_details',
    'selling_something',
    'external_links',
    'other',
  ],
  hate_speech_or_violence: ['hate_speech', 'threats', 'harassment', 'self_harm', 'other'],
  underage: ['looks_under_18', 'says_under_18', 'other'],
  not_interested: ['not_my_type', 'too_many_messages', 'other'],
  other: ['other'],
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[];

/** The reasons a zone is reported for: a person's ("Fake profile", "Not interested") are not a group's. */
export const ZONE_REPORT_REASONS = [
  'inappropriate_content',
  'scam_or_commercial',
  'hate_speech_or_violence',
  'underage',
  'other',
] as const satisfies readonly ReportReason[];

export const REPORT_TEXT_MAX_LENGTH = 1000;

/** What of a member's a report may name beside them: one of these at most. */
export const REPORTED_CONTENT_KEYS = ['post', 'comment', 'photo', 'story', 'message', 'live'] as const;

/**
 * POST /api/reports: a member (`user`), or what they posted: one of their posts (`post`), comments
 * (`comment`), photos (`photo`), stories (`story`), messages to the reporter (`message`) or lives (`live`), named
 * beside them; or a zone (`zone`), alone. Same reasons whatever the target.
 */
export const ReportSchema = z
  .object({
    user: z.uuid({ error: 'invalid_value' }).optional(),
    zone: z.uuid({ error: 'invalid_value' }).optional(),
    post: z.uuid({ error: 'invalid_value' }).optional(),
    comment: z.uuid({ error: 'invalid_value' }).optional(),
    photo: z.uuid({ error: 'invalid_value' }).optional(),
    story: z.uuid({ error: 'invalid_value' }).optional(),
    message: z.uuid({ error: 'invalid_value' }).optional(),
    live: z.uuid({ error: 'invalid_value' }).optional(),
    reason: z.enum(REPORT_REASON_KEYS as [ReportReason, ...ReportReason[]], {
      error: 'report_reason_required',
    }),
    subReason: z.string({ error: 'report_sub_reason_required' }),
    text: z
      .string({ error: 'invalid_value' })
      .trim()
      .max(REPORT_TEXT_MAX_LENGTH, { error: 'max_length' })
      .superRefine(memberText('prose'))
      .optional()
      .default(''),
  })
  .refine((report) => (REPORT_REASONS[report.reason] as readonly string[]).includes(report.subReason), {
    error: 'report_sub_reason_required',
    path: ['subReason'],
  })
  .refine((report) => !report.zone || (ZONE_REPORT_REASONS as readonly string[]).includes(report.reason), {
    error: 'report_reason_required',
    path: ['reason'],
  })
  .refine((report) => REPORTED_CONTENT_KEYS.filter((key) => report[key]).length <= 1, {
    error: 'invalid_value',
    path: ['comment'],
  })
  .refine(
    (report) =>
      report.zone ? !report.user && REPORTED_CONTENT_KEYS.every((key) => !report[key]) : !!report.user,
    { error: 'invalid_value', path: ['user'] },
  );
export type Report = z.infer<typeof ReportSchema>;
/** POST /api/reports answers 201 with the id of the stored report, nothing else. */
export const ReportCreatedSchema = z.object({ _id: z.string() });
export type ReportCreated = z.infer<typeof ReportCreatedSchema>;

export const BlockSchema = z.object({ user: z.uuid({ error: 'invalid_value' }) });
export type Block = z.infer<typeof BlockSchema>;

/** Pages of the block list, newest block first. */
export const BLOCK_LIST_PAGE_SIZE = 50;
export const BlockListQuerySchema = z.object({
  skip: SkipSchema,
  limit: LimitSchema.default(BLOCK_LIST_PAGE_SIZE),
});
export type BlockListQuery = z.infer<typeof BlockListQuerySchema>;

/** A member on the viewer's block list. */
export const BlockedUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  /** The first name, else the username; never the last name (publicNameOf, QUALITY Z2). */
  name: z.string(),
  avatar: AvatarThumbnailSchema.nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
export const BlockListSchema = z.object({ users: z.array(BlockedUserSchema), count: z.int() });
export type BlockList = z.infer<typeof BlockListSchema>;
