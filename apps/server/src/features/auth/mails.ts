import { ONE_TIME_CODE_TTL_MS } from '@motema/shared/limits';
import type { Currency } from '@motema/shared/billing';
import type { InterfaceLanguage } from '@motema/shared/languages';
import { formatMoney } from '@motema/shared/money';
import { renderMailHtml, renderMailText, type MailBlock } from '../../lib/mail-layout.ts';
import { MAIL_TEXTS, type MailTexts } from './mail-texts.ts';

/** An amount in integer minor units, written in the mail's language as the app writes it ("CDF 1,000"). */
type MailMoney = { minor: number; currency: Currency };

/** `name` (first name or username) personalises the greeting; every param is escaped in the HTML. */
type Greeting = { name?: string | null };
export type MailParams = {
  confirm_email: Greeting & { code: string; link: string };
  register_existing: Greeting & { loginLink: string; resetLink: string };
  reset_password: Greeting & { code: string };
  change_email: Greeting & { code: string };
  password_changed: Greeting & { resetLink?: string };
  withdrawal_number_changed: Greeting & { phone: string; hours: number };
  withdrawal_paid: Greeting & { amount: MailMoney; phone: string };
  withdrawal_failed: Greeting & { amount: MailMoney; phone: string };
};
export type MailKind = keyof MailParams;
export type SmsKind = 'reset_password' | 'change_phone';
export type RenderedMail = { subject: string; text: string; html: string };

const MINUTES = String(Math.round(ONE_TIME_CODE_TTL_MS / 60_000));

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

type Body = { subject: string; blocks: MailBlock[] };
const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
const money = (amount: MailMoney, language: InterfaceLanguage) =>
  formatMoney(amount.minor, amount.currency, language);
const codeBlock = (code: string): MailBlock => ({ kind: 'code', code });

const BODIES: {
  [K in MailKind]: (t: MailTexts, params: MailParams[K], language: InterfaceLanguage) => Body;
} = {
  confirm_email: (t, p) => ({
    subject: t.confirmSubject,
    blocks: [
      paragraph(t.confirmIntro),
      paragraph(t.confirmCodeLead),
      codeBlock(p.code),
      { kind: 'button', label: t.confirmButton, url: p.link },
      paragraph(fill(t.validFor, { minutes: MINUTES })),
      paragraph(t.confirmNotYou),
    ],
  }),
  register_existing: (t, p) => ({
    subject: t.existingSubject,
    blocks: [
      paragraph(t.existingIntro),
      { kind: 'button', label: t.existingLogin, url: p.loginLink },
      { kind: 'link', label: t.existingReset, url: p.resetLink },
      paragraph(t.existingNotYou),
    ],
  }),
  reset_password: (t, p) => ({
    subject: t.resetSubject,
    blocks: [
      paragraph(t.resetIntro),
      codeBlock(p.code),
      paragraph(fill(t.validFor, { minutes: MINUTES })),
      paragraph(t.resetNotYou),
    ],
  }),
  change_email: (t, p) => ({
    subject: t.changeEmailSubject,
    blocks: [
      paragraph(t.changeEmailIntro),
      codeBlock(p.code),
      paragraph(fill(t.validFor, { minutes: MINUTES })),
      paragraph(t.changeEmailNotYou),
    ],
  }),
  password_changed: (t, p) => ({
    subject: t.changedSubject,
    blocks: [
      paragraph(t.changedIntro),
      paragraph(t.changedFine),
      paragraph(t.changedNotYou),
      ...(p.resetLink ? [{ kind: 'button', label: t.changedReset, url: p.resetLink } as const] : []),
    ],
  }),
  withdrawal_number_changed: (t, p) => ({
    subject: t.withdrawalNumberSubject,
    blocks: [
      paragraph(fill(t.withdrawalNumberIntro, { phone: p.phone })),
      paragraph(fill(t.withdrawalNumberCooldown, { hours: String(p.hours) })),
      paragraph(t.withdrawalNumberNotYou),
    ],
  }),
  withdrawal_paid: (t, p, language) => ({
    subject: t.withdrawalPaidSubject,
    blocks: [paragraph(fill(t.withdrawalPaidIntro, { amount: money(p.amount, language), phone: p.phone }))],
  }),
  withdrawal_failed: (t, p, language) => ({
    subject: t.withdrawalFailedSubject,
    blocks: [paragraph(fill(t.withdrawalFailedIntro, { amount: money(p.amount, language), phone: p.phone }))],
  }),
};

/** An account mail in the member's language, as plain text and as HTML. */
export function renderMail<K extends MailKind>(
  kind: K,
  language: InterfaceLanguage,
  params: MailParams[K],
): RenderedMail {
  const t = MAIL_TEXTS[language] ?? MAIL_TEXTS.en;
  const { subject, blocks } = BODIES[kind](t, params, language);
  const name = params.name?.trim();
  const content = {
    language,
    colon: t.colon,
    subject,
    greeting: name ? fill(t.helloName, { name }) : t.hello,
    blocks,
    signature: t.signature,
    footer: t.footer,
  };
  return { subject, text: renderMailText(content), html: renderMailHtml(content) };
}

/** A short text message with a code. */
export function renderSms(kind: SmsKind, language: InterfaceLanguage, params: { code: string }): string {
  const t = MAIL_TEXTS[language] ?? MAIL_TEXTS.en;
  return fill(kind === 'reset_password' ? t.smsReset : t.smsChangePhone, {
    code: params.code,
    minutes: MINUTES,
  });
}
