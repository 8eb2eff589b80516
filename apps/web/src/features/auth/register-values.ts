import type { RegisterInput } from '@motema/shared/auth';
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
