import type { RegisterInput } from '@motema/shared/auth';
import type { Sex } from '@motema/shared/users';
import { currentLanguage } from '../../lib/i18n.ts';

/** The sign-up form as typed: optional fields are empty strings until filled. */
export type RegisterValues = {
  username: string;
  email: string;
  password: string;
  dateOfBirth: string;
  firstName: string;
  sex: Sex | '';
  acceptTerms: boolean;
};

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  username: '',
  email: '',
  password: '',
  dateOfBirth: '',
  firstName: '',
  sex: '',
  acceptTerms: false,
};

/** The form's values as the API's input: empty optional fields left out, the interface language sent. */
export function toRegisterInput(values: RegisterValues): RegisterInput {
  return {
    username: values.username,
    email: values.email,
    password: values.password,
    dateOfBirth: values.dateOfBirth,
    acceptTerms: values.acceptTerms as true,
    firstName: values.firstName.trim() || undefined,
    sex: values.sex || undefined,
    language: currentLanguage(),
  };
}
