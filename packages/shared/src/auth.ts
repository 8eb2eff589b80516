import { z } from 'zod';
import {
  ONE_TIME_CODE_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits.ts';
import { dateOfBirthSchema } from './dates.ts';
import { LanguageSchema, MemberNameSchema, SexSchema } from './users.ts';

/** Names nobody may take, compared case-insensitively. */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'helpdesk',
  'motema',
  'moderator',
  'moderation',
  'mod',
  'staff',
  'team',
  'official',
  'security',
  'safety',
  'privacy',
  'legal',
  'billing',
  'payments',
  'premium',
  'partner',
  'partnership',
  'api',
  'www',
  'mail',
  'email',
  'info',
  'contact',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'no_reply',
  'null',
  'undefined',
  'anonymous',
  'guest',
  'user',
  'username',
  'settings',
  'account',
  'login',
  'logout',
  'register',
  'signup',
  'signin',
] as const;

export function isReservedUsername(username: string): boolean {
  const lower = username.toLowerCase();
  return (RESERVED_USERNAMES as readonly string[]).includes(lower) || lower.startsWith('motema');
}

/** The rules of a handle (a member's username, a zone's name), each refusal with its message key. */
type HandleMessages = Record<
  'required' | 'too_short' | 'too_long' | 'start_letter' | 'accented_letter' | 'characters' | 'reserved',
  string
>;

/** A handle's schema: 3 to 20 letters without accents, digits and underscores, from a letter, not reserved. */
export function handleSchema(messages: HandleMessages) {
  return (
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .min(USERNAME_MIN_LENGTH, { error: messages.too_short, abort: true })
      .max(USERNAME_MAX_LENGTH, { error: messages.too_long, abort: true })
      .regex(/^\p{L}/u, { error: messages.start_letter, abort: true })
      // A letter with an accent (élodie, Hélène, even a decomposed é: a to z followed by combining marks
      // once decomposed) is a letter: the member is told that letters without accents are expected, not
      // that the name does not start with one. Other letters and symbols get the SPEC's message below.
      .refine((value) => !/[A-Za-z]\p{M}/u.test(value.normalize('NFD')), {
        error: messages.accented_letter,
        abort: true,
      })
      .regex(/^[A-Za-z0-9_]+$/, { error: messages.characters, abort: true })
      .refine((value) => !isReservedUsername(value), { error: messages.reserved })
  );
}

/** The rules' message keys of a handle (`username_required`, `zone_name_too_short`...: validation.ts). */
export const handleMessages = (prefix: 'username' | 'zone_name'): HandleMessages => ({
  required: `${prefix}_required`,
  too_short: `${prefix}_too_short`,
  too_long: `${prefix}_too_long`,
  start_letter: `${prefix}_start_letter`,
  accented_letter: `${prefix}_accented_letter`,
  characters: `${prefix}_characters`,
  reserved: `${prefix}_reserved`,
});

export const UsernameSchema = handleSchema(handleMessages('username'));

export const EmailSchema = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, { error: 'email_required', abort: true })
  .max(254, { error: 'email_invalid', abort: true })
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((value) => value.toLowerCase());

export const PasswordSchema = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_too_short', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: 'password_too_long' });

/** A password being checked, not chosen: any non-empty text. */
export const CurrentPasswordSchema = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'password_too_long' });

export const IdentifierSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(254, { error: 'invalid_identifier' });

export const CodeSchema = z
  .string({ error: 'required' })
  .trim()
  .regex(new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`), { error: 'code_invalid' });

export const RegisterSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  dateOfBirth: dateOfBirthSchema,
  acceptTerms: z.literal(true, { error: 'terms_required' }),
  firstName: MemberNameSchema.optional(),
  sex: SexSchema.optional(),
  language: LanguageSchema.optional(),
  /** A partner's referral code (their link's `ref`): the new member becomes their child account. */
  referral: z.string().max(20).optional(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({ identifier: IdentifierSchema, password: CurrentPasswordSchema });
export type LoginInput = z.infer<typeof LoginSchema>;

/** Confirm the e-mail with the 6-digit code (from /otp) or the token in the mail's link. */
export const ConfirmEmailSchema = z.union([
  z.object({ email: EmailSchema, code: CodeSchema }),
  z.object({ token: z.string().min(20).max(200) }),
]);

export const ResendConfirmationSchema = z.object({ email: EmailSchema });

export const ResetChannelSchema = z.enum(['email', 'phone']);
export const ResetSendSchema = z.object({
  identifier: IdentifierSchema,
  channel: ResetChannelSchema.default('email'),
});
export const ResetVerifySchema = z.object({ identifier: IdentifierSchema, code: CodeSchema });
export const ResetPasswordSchema = z
  .object({
    identifier: IdentifierSchema,
    code: CodeSchema,
    password: PasswordSchema,
    confirmation: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }),
  })
  .refine((value) => value.password === value.confirmation, {
    error: 'password_mismatch',
    path: ['confirmation'],
  });

export const LogoutSchema = z
  .object({
    'web-token': z.string().max(4096).optional(),
    'android-token': z.string().max(4096).optional(),
    'ios-token': z.string().max(4096).optional(),
  })
  .optional();

export const PasswordChangeSchema = z
  .object({ currentPassword: CurrentPasswordSchema, password: PasswordSchema, confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, {
    error: 'password_mismatch',
    path: ['confirmation'],
  });

export const EmailChangeSchema = z.object({ password: CurrentPasswordSchema, email: EmailSchema });
export const PhoneChangeSchema = z.object({
  password: CurrentPasswordSchema,
  phone: z.string().trim().min(4, { error: 'phone_invalid' }).max(32, { error: 'phone_invalid' }),
});
export const ContactConfirmSchema = z.object({ code: CodeSchema });
/**
 * GET /api/users/email/pending, /api/users/phone/pending: the change under way (204 when none), so the
 * settings screen shows its code step again after a reload: where the code went, when the code stops
 * working, and when a new one may be asked (before that, 429 code_resend_too_soon).
 */
const PendingTimesSchema = z.object({ expiresAt: z.iso.datetime(), resendAt: z.iso.datetime() });
export const PendingEmailChangeSchema = PendingTimesSchema.extend({ email: z.string() });
export const PendingPhoneChangeSchema = PendingTimesSchema.extend({ phone: z.string() });
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;
export type PendingPhoneChange = z.infer<typeof PendingPhoneChangeSchema>;
export const PasswordConfirmSchema = z.object({ password: CurrentPasswordSchema });
