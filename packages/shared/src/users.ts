import { z } from 'zod';
import { ABOUT_MAX_LENGTH, MATCH_DISTANCE_MAX_KM, MAX_AGE, MIN_AGE, NAME_MAX_LENGTH } from './limits.ts';
import { INTERFACE_LANGUAGES } from './languages.ts';
import { dateOfBirthSchema } from './dates.ts';
import { ImageSchema } from './media.ts';
import { memberText } from './member-text.ts';

export const SEXES = ['male', 'female', 'non_binary'] as const;
export const SexSchema = z.enum(SEXES, { error: 'sex_required' });
export type Sex = z.infer<typeof SexSchema>;

/** Stored values; the texts have male and female variants except for couple and complicated. */
export const RELATIONSHIPS = [
  'single',
  'couple',
  'complicated',
  'married',
  'divorced',
  'separated',
  'widowed',
] as const;
export const RELATIONSHIPS_WITHOUT_VARIANTS: readonly Relationship[] = ['couple', 'complicated'];
export const RelationshipSchema = z.enum(RELATIONSHIPS, { error: 'invalid_value' });
export type Relationship = z.infer<typeof RelationshipSchema>;

/** Stored values; the texts have male and female variants except gay, lesbian and queer. */
export const ORIENTATIONS = [
  'asexual',
  'bisexual',
  'demisexual',
  'gay',
  'heterosexual',
  'hypersexual',
  'lesbian',
  'pansexual',
  'queer',
] as const;
export const ORIENTATIONS_WITHOUT_VARIANTS: readonly Orientation[] = ['gay', 'lesbian', 'queer'];
export const OrientationSchema = z.enum(ORIENTATIONS, { error: 'invalid_value' });
export type Orientation = z.infer<typeof OrientationSchema>;

/** The text variant of a relationship or orientation for a member of the given sex. */
export function variantKey(
  value: Relationship | Orientation,
  sex: Sex | null | undefined,
  withoutVariants: readonly string[],
): string {
  if (withoutVariants.includes(value)) return value;
  return `${value}_${sex === 'female' ? 'female' : 'male'}`;
}

export const LanguageSchema = z.enum(INTERFACE_LANGUAGES, { error: 'language_invalid' });

/** A first or last name: trimmed, visible, no direction control (member-text.ts); too long, only that is said. */
export const MemberNameSchema = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: 'max_length', abort: true })
  .superRefine(memberText('name'));

export const ProfileUpdateSchema = z.object({
  firstName: MemberNameSchema.min(1, { error: 'first_name_required' }),
  lastName: MemberNameSchema.optional().default(''),
  dateOfBirth: dateOfBirthSchema,
  sex: SexSchema,
  relationship: RelationshipSchema.nullable().optional(),
  orientation: OrientationSchema.nullable().optional(),
  about: z
    .string({ error: 'invalid_value' })
    .trim()
    .max(ABOUT_MAX_LENGTH, { error: 'max_length' })
    .superRefine(memberText('prose'))
    .optional()
    .default(''),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const MatchPreferencesSchema = z
  .object({
    sex: z.array(SexSchema).min(1, { error: 'match_sex_required' }).max(SEXES.length),
    ageMin: z
      .int({ error: 'must_be_numeric' })
      .min(MIN_AGE, { error: 'invalid_value' })
      .max(MAX_AGE, { error: 'invalid_value' }),
    ageMax: z
      .int({ error: 'must_be_numeric' })
      .min(MIN_AGE, { error: 'invalid_value' })
      .max(MAX_AGE, { error: 'invalid_value' }),
    distance: z
      .int({ error: 'must_be_numeric' })
      .min(1, { error: 'invalid_value' })
      .max(MATCH_DISTANCE_MAX_KM, { error: 'invalid_value' }),
    /** Show me verified members only (a moderator approved their selfie); left out: unchanged. */
    verifiedOnly: z.boolean({ error: 'invalid_value' }).optional(),
  })
  .refine((value) => value.ageMin <= value.ageMax, { error: 'age_range_invalid', path: ['ageMax'] });
export type MatchPreferences = z.infer<typeof MatchPreferencesSchema>;

export const LanguageUpdateSchema = z.object({ language: LanguageSchema });

/**
 * `PATCH /api/users/privacy`: Settings > Privacy, the member's discreet mode (docs/discreet-mode.md).
 * Strict: a body naming anything else (a role, a status, a verification) is refused whole.
 */
export const PrivacyUpdateSchema = z.object({ discreet: z.boolean({ error: 'invalid_value' }) }).strict();
export type PrivacyUpdate = z.infer<typeof PrivacyUpdateSchema>;

/** The member as the member sees themself (GET /api/users/profile). */
export const MeSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  dateOfBirth: z.string(),
  age: z.int(),
  sex: SexSchema.nullable(),
  relationship: RelationshipSchema.nullable(),
  orientation: OrientationSchema.nullable(),
  about: z.string(),
  language: LanguageSchema,
  avatar: ImageSchema.nullable(),
  /** 0 to 100, computed on the server from the ratings received and visits. */
  popularity: z.int(),
  /** Whether the member has shared a position (the position itself is never sent). */
  locationShared: z.boolean(),
  match: z.object({
    sex: z.array(SexSchema),
    ageMin: z.int(),
    ageMax: z.int(),
    distance: z.int(),
    /** Show me verified members only. */
    verifiedOnly: z.boolean(),
  }),
  /** member, or moderator and admin (granted by `npm run admin -- grant`): the console's link shows for them. */
  role: z.enum(['member', 'moderator', 'admin']),
  /** A moderator approved the member's selfie (the badge). */
  verified: z.boolean(),
  /** A moderator requires a selfie: hidden from lists and unable to message until verified. */
  verificationRequired: z.boolean(),
  /** Discreet mode: out of every list but matches and conversations, neutral pushes and title. */
  discreet: z.boolean(),
  connected: z.boolean(),
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof MeSchema>;
