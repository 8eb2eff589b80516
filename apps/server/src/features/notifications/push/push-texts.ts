import type { InterfaceLanguage } from '@motema/shared/languages';
import type { PushSubject } from '../../../notification-port.ts';

export type { PushSubject };

type Words = {
  /** Title of every discreet push: the app's name only. */
  discreetTitle: string;
  /** A message without text (photos, a voice note...). */
  attachment: string;
  messages: string;
  match: { title: string; body: string };
  like: { title: string; body: string };
  visit: { title: string; body: string };
  request: { title: string; body: string };
  comment: string;
  paymentSucceeded: { title: string; body: string };
  paymentFailed: { title: string; body: string };
  /** Discreet bodies: what kind of thing is new, never who or what it says. */
  discreet: {
    message: string;
    messages: string;
    match: string;
    like: string;
    visit: string;
    request: string;
    comment: string;
    payment: string;
  };
};

/** `{name}` and `{count}` are filled in by pushTexts; French puts a no-break space before ! ? : ;. */
export const PUSH_TEXTS: Record<InterfaceLanguage, Words> = {
  en: {
    discreetTitle: 'Motema',
    attachment: 'Sent you an attachment',
    messages: '{count} new messages',
    match: { title: 'It’s a match!', body: 'You and {name} like each other. Say hello!' },
    like: { title: '{name} likes you', body: 'Have a look at their profile.' },
    visit: { title: '{name} visited your profile', body: 'See who is interested in you.' },
    request: { title: '{name} asks to see your post', body: 'Accept or decline the request.' },
    comment: '{name} commented on your post',
    paymentSucceeded: { title: 'Payment confirmed', body: 'Thank you! Your purchase is active.' },
    paymentFailed: { title: 'Payment failed', body: 'Your payment did not go through. You can try again.' },
    discreet: {
      message: 'You have a new message',
      messages: 'You have {count} new messages',
      match: 'You have a new match',
      like: 'Someone likes you',
      visit: 'Someone visited your profile',
      request: 'You have a new request',
      comment: 'You have a new comment',
      payment: 'News about your payment',
    },
  },
  fr: {
    discreetTitle: 'Motema',
    attachment: 'Vous a envoyé une pièce jointe',
    messages: '{count}\u00a0nouveaux messages',
    match: {
      title: 'C’est un match\u00a0!',
      body: 'Vous vous plaisez, {name} et vous. Dites bonjour\u00a0!',
    },
    like: { title: '{name} vous apprécie', body: 'Allez voir son profil.' },
    visit: { title: '{name} a visité votre profil', body: 'Découvrez qui s’intéresse à vous.' },
    request: { title: '{name} demande à voir votre publication', body: 'Acceptez ou refusez la demande.' },
    comment: '{name} a commenté votre publication',
    paymentSucceeded: { title: 'Paiement confirmé', body: 'Merci\u00a0! Votre achat est actif.' },
    paymentFailed: {
      title: 'Paiement refusé',
      body: 'Votre paiement n’a pas abouti. Vous pouvez réessayer.',
    },
    discreet: {
      message: 'Vous avez un nouveau message',
      messages: 'Vous avez {count}\u00a0nouveaux messages',
      match: 'Vous avez un nouveau match',
      like: 'Quelqu’un vous apprécie',
      visit: 'Quelqu’un a visité votre profil',
      request: 'Vous avez une nouvelle demande',
      comment: 'Vous avez un nouveau commentaire',
      payment: 'Du nouveau pour votre paiement',
    },
  },
  ro: {
    discreetTitle: 'Motema',
    attachment: 'Ți-a trimis un atașament',
    messages: '{count} mesaje noi',
    match: { title: 'Aveți un match!', body: 'Tu și {name} vă plăceți. Spune-i salut!' },
    like: { title: 'Îi placi lui {name}', body: 'Aruncă o privire la profilul său.' },
    visit: { title: '{name} ți-a vizitat profilul', body: 'Vezi cine este interesat de tine.' },
    request: { title: '{name} cere să vadă postarea ta', body: 'Acceptă sau refuză cererea.' },
    comment: '{name} a comentat postarea ta',
    paymentSucceeded: { title: 'Plată confirmată', body: 'Mulțumim! Achiziția ta este activă.' },
    paymentFailed: { title: 'Plată eșuată', body: 'Plata nu a trecut. Poți încerca din nou.' },
    discreet: {
      message: 'Ai un mesaj nou',
      messages: 'Ai {count} mesaje noi',
      match: 'Ai un match nou',
      like: 'Cuiva îi placi',
      visit: 'Cineva ți-a vizitat profilul',
      request: 'Ai o cerere nouă',
      comment: 'Ai un comentariu nou',
      payment: 'Noutăți despre plata ta',
    },
  },
};

/** PushPayloadSchema's bounds: longer texts are cut with an ellipsis, never refused. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 240;

function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

function fill(template: string, values: { name?: string; count?: number }): string {
  return template.replaceAll('{name}', values.name ?? '').replaceAll('{count}', String(values.count ?? ''));
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
  if (discreet) {
    const many = subject.kind === 'message' && subject.count > 1;
    const body = many ? fill(words.discreet.messages, subject) : words.discreet[subject.kind];
    return { title: words.discreetTitle, body };
  }
  const texts = ((): { title: string; body: string } => {
    switch (subject.kind) {
      case 'message': {
        const text = subject.text ?? words.attachment;
        // Grouped: the count first, then the newest message (the notification replaces the last one).
        const body = subject.count > 1 ? `${fill(words.messages, subject)}\n${text}` : text;
        return { title: subject.name, body };
      }
      case 'comment':
        return { title: fill(words.comment, subject), body: subject.text };
      case 'payment':
        return subject.succeeded ? words.paymentSucceeded : words.paymentFailed;
      default: {
        const { title, body } = words[subject.kind];
        return { title: fill(title, subject), body: fill(body, subject) };
      }
    }
  })();
  return { title: clip(texts.title, PUSH_TITLE_MAX), body: clip(texts.body, PUSH_BODY_MAX) };
}
