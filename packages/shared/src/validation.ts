/**
 * Validation message keys shared by the server and the web forms. The server answers with the
 * English text below; the web app translates the key (`validation.<key>` in its locale files).
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  invalid_value: 'Invalid value',
  invalid_date: 'Invalid date',
  must_be_numeric: 'Must be numeric',
  min_length: 'Must contain at least {{count}} characters',
  max_length: 'Must not exceed {{count}} characters',
  username_required: 'Username is required',
  username_too_short: 'Username must contain at least 3 characters',
  username_too_long: 'Username must not exceed 20 characters',
  username_start_letter: 'Username must start with a letter',
  username_accented_letter: 'Username must use letters without accents (a to z)',
  username_characters: 'Username can only contain letters, numbers, and underscores',
  username_reserved: 'Username is not accepted. Reserved usernames are not allowed.',
  username_taken: 'This username is already taken',
  zone_name_required: 'Name is required',
  zone_name_too_short: 'Name must contain at least 3 characters',
  zone_name_too_long: 'Name must not exceed 20 characters',
  zone_name_start_letter: 'Name must start with a letter',
  zone_name_accented_letter: 'Name must use letters without accents (a to z)',
  zone_name_characters: 'Name can only contain letters, numbers, and underscores',
  zone_name_reserved: 'This name is not accepted. Reserved names are not allowed.',
  zone_name_taken: 'This zone name is already taken',
  email_required: 'E-mail is required',
  email_invalid: 'Invalid e-mail',
  email_taken: 'This e-mail is already used by another account',
  password_required: 'Password is required',
  password_too_short: 'Password must contain at least 4 characters',
  password_too_long: 'Password must not exceed 128 characters',
  password_too_common: 'This password is too common. Choose one that is harder to guess.',
  password_mismatch: 'The passwords do not match',
  invalid_identifier: 'Invalid username, e-mail or phone',
  date_of_birth_required: 'Date of birth is required',
  underage: 'You must be 18 or older to join Motema',
  terms_required: 'You must accept the terms and conditions',
  code_invalid: 'The code must have 6 digits',
  phone_invalid: 'Invalid phone number',
  payer_phone_invalid: 'Enter a Congolese mobile number, such as 081 234 5678',
  subscription_required: 'Choose a plan',
  sex_required: 'Please choose your sex',
  first_name_required: 'First name is required',
  match_sex_required: 'Choose at least one',
  age_range_invalid: 'The minimum age must not exceed the maximum age',
  language_invalid: 'Unsupported language',
  report_reason_required: 'Please choose a reason',
  report_sub_reason_required: 'Please say a little more about the reason',
  days_required: 'Say for how many days',
  appeal_text_required: 'Say why the decision should change',
  message_empty: 'Write a message or add a file',
  text_direction_control: 'Must not contain characters that change the direction of the text',
  text_invisible_character: 'Must not contain invisible characters',
  text_invisible_only: 'Must contain visible characters',
  post_empty: 'Write something or add a photo, a video or a podcast',
  post_media_over_limit: 'A post holds at most 10 photos',
  post_allowed_invalid: 'Some of these members cannot be chosen',
  comment_empty: 'Write a comment',
  quiet_hours_empty: 'Quiet hours must start and end at different times',
  push_endpoint_invalid: 'This browser’s push service is not supported',
  push_keys_invalid: 'The push subscription’s keys are invalid',
  push_token_invalid: 'Invalid push token',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** English text of a key, with `{{count}}` filled in. */
export function validationMessage(key: ValidationMessageKey, count?: number): string {
  const text: string = VALIDATION_MESSAGES[key];
  return count === undefined ? text : text.replace('{{count}}', String(count));
}
