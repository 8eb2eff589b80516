import type { InterfaceLanguage } from '@motema/shared/languages';
import type { PushSubject } from '../../../notification-port.ts';
import { contributionOf } from '../list/notification-sources.ts';

export type { PushSubject };

type Words = {
  /** Title of every discreet push: the app's name only. */
  discreetTitle: string;
  /** A message without text (photos, a voice note...). */
  attachment: string;
  messages: string;
  /** Discreet bodies of a message: what kind of thing is new, never who or what it says. */
  discreet: { message: string; messages: string };
};

/**
 * A message's words (the notifications' own kind); every other kind's words are its owner's
 * contribution (notification-port.ts). `{name}` and `{count}` are filled in by pushTexts; French puts
 * a no-break space before ! ? : ;.
 */
export const PUSH_TEXTS: Record<InterfaceLanguage, Words> = {
  en: {
    discreetTitle: 'Motema',
    attachment: 'Sent you an attachment',
    messages: '{count} new messages',
    discreet: { message: 'You have a new message', messages: 'You have {count} new messages' },
  },
  fr: {
    discreetTitle: 'Motema',
    attachment: 'Vous a envoyé une pièce jointe',
    messages: '{count}\u00a0nouveaux messages',
    discreet: {
      message: 'Vous avez un nouveau message',
      messages: 'Vous avez {count}\u00a0nouveaux messages',
    },
  },
  ro: {
    discreetTitle: 'Motema',
    attachment: 'Ți-a trimis un atașament',
    messages: '{count} mesaje noi',
    discreet: { message: 'Ai un mesaj nou', messages: 'Ai {count} mesaje noi' },
  },
};

/** PushPayloadSchema's bounds: longer texts are cut with an ellipsis, never refused. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 240;

function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

type Filled = { name?: string; count?: number; text?: string | null; zone?: string };

function fill(template: string, values: Filled): string {
  // One pass: a name, a text or a zone's title holding `{count}` stays as written.
  return template.replace(/\{(name|count|text|zone)\}/g, (_, key: keyof Filled) => String(values[key] ?? ''));
}

/**
 * A push's title and body in the member's language. Discreet: the app's name and what kind of thing
 * is new, never a name or a text (the lock screen may be seen by anyone).
 */
export function pushTexts(
  language: InterfaceLanguage,
  subject: PushSubject,
  discreet: boolean,
): { title: string; body: string } {
  const words = PUSH_TEXTS[language];
  if (subject.kind !== 'message') {
    const own = contributionOf(subject.kind).words[language];
    if (discreet) return { title: words.discreetTitle, body: own.discreet };
    const { title, body } = own.told[subject.variant ?? 'default']!;
    return {
      title: clip(fill(title, subject), PUSH_TITLE_MAX),
      body: clip(fill(body, subject), PUSH_BODY_MAX),
    };
  }
  if (discreet) {
    const body = subject.count > 1 ? fill(words.discreet.messages, subject) : words.discreet.message;
    return { title: words.discreetTitle, body };
  }
  const text = subject.text ?? words.attachment;
  // Grouped: the count first, then the newest message (the notification replaces the last one).
  const body = subject.count > 1 ? `${fill(words.messages, subject)}\n${text}` : text;
  return { title: clip(subject.name, PUSH_TITLE_MAX), body: clip(body, PUSH_BODY_MAX) };
}
