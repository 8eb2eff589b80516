/** What a login or reset identifier is: an e-mail, a phone number or a username. */
export type Identifier = { kind: 'email' | 'phone' | 'username'; value: string };

const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * A phone number typed at login or reset, in the stored E.164 form: spaces and punctuation dropped,
 * `00` read as `+`, and a `+` added when missing. Undefined when the text is not a phone number.
 * Lenient on purpose: it only finds a number that features/users/phone.ts validated when storing it.
 */
export function phoneAsTyped(raw: string): string | undefined {
  const text = raw.trim();
  if (!PHONE_LIKE.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  if (!text.startsWith('+') && digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 4 || digits.length > 15) return undefined;
  return `+${digits}`;
}

/** Usernames start with a letter, so text made of digits is a phone number and text with `@` an e-mail. */
export function classifyIdentifier(raw: string): Identifier {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() };
  const phone = phoneAsTyped(value);
  if (phone) return { kind: 'phone', value: phone };
  return { kind: 'username', value };
}
