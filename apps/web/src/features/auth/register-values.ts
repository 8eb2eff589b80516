import type { RegisterInput } from '@motema/shared/auth';
import { tabDraft } from '../../lib/form-draft.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** The sign-up form as typed. */
export type RegisterValues = {
  username: string;
  email: string;
  password: string;
  dateOfBirth: string;
  acceptTerms: boolean;
};

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  username: '',
  email: '',
  password: '',
  dateOfBirth: '',
  acceptTerms: false,
};

/** The form's values as the API's input, with the interface language and the partner's code if any. */
export function toRegisterInput(values: RegisterValues, referral: string | null = null): RegisterInput {
  return {
    username: values.username,
    email: values.email,
    password: values.password,
    dateOfBirth: values.dateOfBirth,
    acceptTerms: values.acceptTerms as true,
    language: currentLanguage(),
    ...(referral ? { referral } : {}),
  };
}

/** What the sign-up form keeps for the tab: everything typed but the password, never stored. */
const draft = tabDraft<RegisterValues>('motema.registerDraft', [
  'username',
  'email',
  'dateOfBirth',
  'acceptTerms',
]);

/**
 * The form as the newcomer left it in this tab: the terms' and the privacy policy's links, in the
 * form, leave the page, and Back (or a reload) opened it empty. The password is typed again.
 */
export const registerValuesKept = (typed: Partial<RegisterValues>): Partial<RegisterValues> =>
  // Typed in the painted form before the app had it wins over what was kept.
  Object.fromEntries(
    Object.entries(draft.read() ?? {}).filter(([field]) => !typed[field as keyof RegisterValues]),
  );

export const keepRegisterValues = (typed: RegisterValues): void => draft.keep(typed);

/** The account exists: the next sign-up in this tab starts empty. */
export const forgetRegisterValues = (): void => draft.forget();
