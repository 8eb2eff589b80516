import { z } from 'zod';
import { ImageSchema } from './media.ts';
import { LimitSchema, SkipSchema } from './paging.ts';

/**
 * Selfie verification (docs/verification.md): a member takes a selfie copying a pose the server drew
 * at random, a moderator compares it with their profile photos and approves (the `verified` badge)
 * or refuses with a reason. The selfie is never shown to another member and is deleted, file and
 * key, with the decision. Changing the main photo of a verified member clears the badge and queues a
 * `photo_change` item: a moderator confirms the new photo (no new selfie) or refuses it.
 *
 * Member routes:
 * - GET /api/verification -> VerificationState
 * - POST /api/verification (multipart: `pose`, then `selfie`, a JPEG, PNG or WebP photo up to
 *   SELFIE_MAX_BYTES) -> 201 VerificationState (pending); 400 `validation_failed` (pose: not the one
 *   drawn), `selfie_missing`, `selfie_type_unsupported`; 409 `verification_pending`,
 *   `already_verified`; 413 `selfie_too_large`
 * Console routes (moderators and admins; 404 `not_found` to a member, as an unknown path):
 * - GET /api/moderation/verifications?skip&limit -> VerificationQueue (oldest first)
 * - POST /api/moderation/verifications/:id (VerificationDecision) -> 204; 404 `not_found` (no such
 *   pending request), 409 `verification_decided` (decided meanwhile)
 * - GET /api/moderation/verifications/:id/selfie -> the selfie (while pending)
 */

/** The pose pictures, served as static files at `/poses/<id>.svg` by the web app. */
export const VERIFICATION_POSES = [
  'thumbs_up',
  'peace_sign',
  'hand_on_cheek',
  'wave',
  'finger_on_nose',
  'hand_on_head',
] as const;
export type VerificationPose = (typeof VERIFICATION_POSES)[number];

/** Where the web app serves a pose's picture. */
export function posePicture(pose: VerificationPose): string {
  return `/poses/${pose}.svg`;
}

/** A phone camera's still is well under this; a larger upload is refused before it is read. */
export const SELFIE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a moderator refuses a selfie or a new main photo; the member reads it translated. */
export const VERIFICATION_REFUSAL_REASONS = [
  'pose_not_matching',
  'face_not_visible',
  'not_same_person',
  'photo_quality',
  'not_a_live_photo',
] as const;
export type VerificationRefusalReason = (typeof VERIFICATION_REFUSAL_REASONS)[number];

/** `selfie`: a member's own request; `photo_change`: a verified member's new main photo to confirm. */
export const VERIFICATION_KINDS = ['selfie', 'photo_change'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/**
 * The member's own state. `none`: not verified, nothing asked; `required`: a moderator requires a
 * selfie; `pending`: a selfie (`kind` selfie) or a new main photo (`photo_change`) waits for a
 * moderator; `verified`: the badge; `refused`: the last decision refused it, with `reason`. `pose`
 * is the pose to copy (drawn at random, bound to the member until they send a selfie): present
 * whenever they may send one (none, required, refused).
 */
export const VerificationStateSchema = z.object({
  state: z.enum(['none', 'required', 'pending', 'verified', 'refused']),
  kind: z.enum(VERIFICATION_KINDS).nullable(),
  reason: z.enum(VERIFICATION_REFUSAL_REASONS).nullable(),
  pose: z.object({ id: z.enum(VERIFICATION_POSES), picture: z.string() }).nullable(),
});
export type VerificationState = z.infer<typeof VerificationStateSchema>;

export const VerificationQueueQuerySchema = z.object({ skip: SkipSchema, limit: LimitSchema.default(20) });
export type VerificationQueueQuery = z.infer<typeof VerificationQueueQuerySchema>;

/** A profile photo as the console shows it; `main`: the member's avatar (listed first). */
const ConsolePhotoSchema = ImageSchema.extend({ main: z.boolean() });

export const VerificationItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  member: z.object({ _id: z.string(), username: z.string(), name: z.string() }),
  /** `selfie` only: the pose asked and the selfie's console URL (GET .../:id/selfie). */
  pose: z.object({ id: z.enum(VERIFICATION_POSES), picture: z.string() }).nullable(),
  selfie: z.string().nullable(),
  photos: z.array(ConsolePhotoSchema),
  createdAt: z.string(),
});
export type VerificationItem = z.infer<typeof VerificationItemSchema>;

export const VerificationQueueSchema = z.object({
  items: z.array(VerificationItemSchema),
  count: z.int(),
});
export type VerificationQueue = z.infer<typeof VerificationQueueSchema>;

export const VerificationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('refuse'),
      reason: z.enum(VERIFICATION_REFUSAL_REASONS, { error: 'invalid_value' }),
    }),
  ],
  { error: 'invalid_value' },
);
export type VerificationDecision = z.infer<typeof VerificationDecisionSchema>;
