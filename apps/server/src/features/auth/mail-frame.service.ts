import type { UserRow } from '../../db/schema.ts';
import { greetingName } from './account-mails.ts';
import { MAIL_TEXTS } from './mail-texts.ts';

/**
 * The frame of every mail to a member, for another feature's own mail (moderation's notices): the
 * greeting by name, the signature and footer, and the language's colon, in the member's language.
 */
export function memberMailFrame(member: UserRow) {
  const t = MAIL_TEXTS[member.language] ?? MAIL_TEXTS.en;
  const name = greetingName(member).trim();
  return {
    language: member.language,
    colon: t.colon,
    greeting: name ? t.helloName.replace('{name}', name) : t.hello,
    signature: t.signature,
    footer: t.footer,
  };
}
