import type { InterfaceLanguage } from '@motema/shared/languages';
import { renderMailHtml, renderMailText, type MailContent } from '../../../lib/mail-layout.ts';
import { DIGEST_TEXTS, type Plural } from './digest-mail-texts.ts';

/** What a digest says: how many unread messages, who wrote (none in discreet mode), and its two links. */
export type DigestParams = {
  name: string | null;
  unread: number;
  /** The members who wrote, most unread first; empty in discreet mode. */
  senders: readonly string[];
  conversationsUrl: string;
  unsubscribeUrl: string;
};

/** Names a digest shows at most; the others are counted. */
const NAMES_SHOWN = 3;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function plural(language: InterfaceLanguage, forms: Plural, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  const form = category === 'one' ? forms.one : category === 'few' ? (forms.few ?? forms.other) : forms.other;
  return fill(form, { count: String(count) });
}

/** "Amina", "Amina and Grace", "Amina, Grace, Joël and 2 other people", in the language's own way. */
function senderList(language: InterfaceLanguage, senders: readonly string[]): string {
  const t = DIGEST_TEXTS[language];
  const shown = senders.length > NAMES_SHOWN + 1 ? senders.slice(0, NAMES_SHOWN) : [...senders];
  const rest = senders.length - shown.length;
  const items = rest > 0 ? [...shown, plural(language, t.others, rest)] : shown;
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}

export type RenderedDigest = { subject: string; text: string; html: string };

/** The unread-messages digest in the member's language, as plain text and as HTML. */
export function renderDigestMail(language: InterfaceLanguage, params: DigestParams): RenderedDigest {
  const t = DIGEST_TEXTS[language] ?? DIGEST_TEXTS.en;
  const subject = plural(language, t.subject, params.unread);
  const name = params.name?.trim();
  const content: MailContent = {
    language,
    colon: t.colon,
    subject,
    greeting: name ? fill(t.helloName, { name }) : t.hello,
    blocks: [
      { kind: 'paragraph', text: plural(language, t.waiting, params.unread) },
      ...(params.senders.length > 0
        ? [
            {
              kind: 'paragraph',
              text: fill(t.from, { names: senderList(language, params.senders) }),
            } as const,
          ]
        : []),
      { kind: 'button', label: t.button, url: params.conversationsUrl },
    ],
    signature: t.signature,
    footer: t.footer,
    footerLink: { label: t.unsubscribe, url: params.unsubscribeUrl },
  };
  return { subject, text: renderMailText(content), html: renderMailHtml(content) };
}
