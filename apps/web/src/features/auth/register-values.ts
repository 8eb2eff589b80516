import type { RegisterInput } from '@motema/shared/auth';
import { storedFields, tabRecord } from '../../lib/device-record.ts';
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
type RegisterDraft = Omit<RegisterValues, 'password'>;

const draft = tabRecord<RegisterDraft>('motema.registerDraft', (stored) => {
  const fields = storedFields(stored);
  if (!fields) return null;
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  return {
    username: text('username'),
    email: text('email'),
    dateOfBirth: text('dateOfBirth'),
    acceptTerms: fields.acceptTerms === true,
  };
});

/**
 * The form as the newcomer left it in this tab: the terms' and the privacy policy's links, in the
 * form, leave the page, and Back (or a reload) opened it empty. The password is typed again.
 */
export const registerValuesKept = (typed: Partial<RegisterValues>): Partial<RegisterValues> => {
  const kept = draft.read();
  if (!kept) return {};
  // Typed in the painted form before the app had it wins over what was kept.
  return {
    username: typed.username || kept.username,
    email: typed.email || kept.email,
    dateOfBirth: typed.dateOfBirth || kept.dateOfBirth,
    acceptTerms: typed.acceptTerms || kept.acceptTerms,
  };
};

export const keepRegisterValues = ({ password: _password, ...typed }: RegisterValues): void =>
  draft.keep(typed);

/** The account exists: the next sign-up in this tab starts empty. */
export const forgetRegisterValues = (): void => draft.forget();
