import type { InterfaceLanguage } from '@motema/shared/languages';

/** A text by plural category of the language (Intl.PluralRules): Romanian says "20 de mesaje". */
export type Plural = { one: string; few?: string; other: string };

/** The words of the unread-messages digest. `{count}`, `{names}` and `{name}` are filled in by digest-mail.ts. */
export type DigestTexts = {
  /** After a label that a link follows: French puts a no-break space before it. */
  colon: string;
  hello: string;
  helloName: string;
  subject: Plural;
  waiting: Plural;
  /** Who wrote (not in discreet mode): `{names}` is a list in the language's own way. */
  from: string;
  /** The last item of that list when more wrote than it names. */
  others: Plural;
  button: string;
  signature: string;
  footer: string;
  unsubscribe: string;
};

export const DIGEST_TEXTS: Record<InterfaceLanguage, DigestTexts> = {
  en: {
    colon: ':',
    hello: 'Hello,',
    helloName: 'Hello {name},',
    subject: {
      one: 'You have an unread message on Motema',
      other: 'You have {count} unread messages on Motema',
    },
    waiting: { one: 'A message is waiting for you.', other: '{count} messages are waiting for you.' },
    from: 'From {names}.',
    others: { one: 'one other person', other: '{count} other people' },
    button: 'Read my messages',
    signature: 'See you soon on Motema,\nThe Motema team',
    footer:
      'You receive this e-mail because you have unread messages on Motema and none of your devices receives its notifications. At most one a day.',
    unsubscribe: 'Unsubscribe from these e-mails in one click',
  },
  fr: {
    colon: '\u00a0:',
    hello: 'Bonjour,',
    helloName: 'Bonjour {name},',
    subject: {
      one: 'Vous avez un message non lu sur Motema',
      other: 'Vous avez {count}\u00a0messages non lus sur Motema',
    },
    waiting: { one: 'Un message vous attend.', other: '{count}\u00a0messages vous attendent.' },
    from: 'Qui vous a écrit\u00a0: {names}.',
    others: { one: 'une autre personne', other: '{count}\u00a0autres personnes' },
    button: 'Lire mes messages',
    signature: 'À très bientôt sur Motema,\nL’équipe Motema',
    footer:
      'Vous recevez cet e-mail car vous avez des messages non lus sur Motema et aucun de vos appareils ne reçoit ses notifications. Au plus un par jour.',
    unsubscribe: 'Se désabonner de ces e-mails en un clic',
  },
  ro: {
    colon: ':',
    hello: 'Bună ziua,',
    helloName: 'Bună ziua, {name},',
    subject: {
      one: 'Aveți un mesaj necitit pe Motema',
      few: 'Aveți {count} mesaje necitite pe Motema',
      other: 'Aveți {count} de mesaje necitite pe Motema',
    },
    waiting: {
      one: 'Vă așteaptă un mesaj.',
      few: 'Vă așteaptă {count} mesaje.',
      other: 'Vă așteaptă {count} de mesaje.',
    },
    from: 'De la: {names}.',
    others: { one: 'încă o persoană', few: 'încă {count} persoane', other: 'încă {count} de persoane' },
    button: 'Citiți mesajele',
    signature: 'Pe curând pe Motema,\nEchipa Motema',
    footer:
      'Primiți acest e-mail deoarece aveți mesaje necitite pe Motema și niciunul dintre dispozitivele dumneavoastră nu primește notificările sale. Cel mult unul pe zi.',
    unsubscribe: 'Dezabonați-vă de la aceste e-mailuri cu un singur clic',
  },
};
