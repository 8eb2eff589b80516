import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { frenchTypographyFaults } from '@motema/shared/french-typography';
import { MAIL_TEXTS } from './mail-texts.ts';
import { renderMail, renderSms, type MailKind, type MailParams } from './mails.ts';

const PARAMS: { [K in MailKind]: MailParams[K] } = {
  confirm_email: {
    name: 'Grace',
    code: '482915',
    link: 'https://motema.example/otp?token=abc&email=g%40x.co',
  },
  register_existing: {
    name: 'Grace',
    loginLink: 'https://motema.example/login',
    resetLink: 'https://motema.example/reset-password',
  },
  reset_password: { name: 'Grace', code: '482915' },
  change_email: { name: 'Grace', code: '482915' },
  password_changed: { name: 'Grace', resetLink: 'https://motema.example/reset-password' },
  withdrawal_number_changed: { name: 'Grace', phone: '+243812345678', hours: 72 },
  withdrawal_paid: { name: 'Grace', amount: { minor: 100_000, currency: 'CDF' }, phone: '+243812345678' },
  withdrawal_failed: { name: 'Grace', amount: { minor: 1_050, currency: 'USD' }, phone: '+243812345678' },
};
const KINDS = Object.keys(PARAMS) as MailKind[];

describe('account mails', () => {
  it.each(KINDS)('%s has a subject, a text and a branded HTML body in en, fr and ro', (kind) => {
    const subjects = new Set<string>();
    for (const language of INTERFACE_LANGUAGES) {
      const mail = renderMail(kind, language, PARAMS[kind]);
      subjects.add(mail.subject);
      expect(mail.subject.length).toBeGreaterThan(10);
      expect(mail.text).toContain('Grace');
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain('#E0474C');
      expect(mail.text).not.toMatch(/\{\w+\}/);
      if ('code' in PARAMS[kind]) {
        expect(mail.text).toContain('482915');
        expect(mail.html).toContain('482915');
        expect(mail.text).toMatch(/\b10\b/);
      }
    }
    expect(subjects.size).toBe(3);
  });

  it('speaks French with "vous" and Romanian with the polite form', () => {
    const fr = renderMail('confirm_email', 'fr', PARAMS.confirm_email);
    expect(fr.subject).toBe('Bienvenue sur Motema\u202f! Confirmez votre adresse e-mail');
    expect(fr.text).toContain('Bonjour Grace,');
    expect(fr.text).toMatch(/\bvous\b|\bvotre\b/);
    expect(fr.text).not.toMatch(/\b(tu|ton|ta|tes)\b/);
    const ro = renderMail('reset_password', 'ro', PARAMS.reset_password);
    expect(ro.text).toContain('dumneavoastră');
  });

  it('puts the confirmation link in the text and, escaped, in the HTML', () => {
    const mail = renderMail('confirm_email', 'en', PARAMS.confirm_email);
    expect(mail.text).toContain(PARAMS.confirm_email.link);
    expect(mail.html).toContain('href="https://motema.example/otp?token=abc&amp;email=g%40x.co"');
  });

  it('escapes HTML in every parameter', () => {
    const evil = '<script>alert("x")</script>';
    const mail = renderMail('confirm_email', 'en', {
      name: evil,
      code: '<b>1</b>',
      link: 'javascript:alert(1)',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain(evil);
  });

  it('greets without a name when there is none', () => {
    expect(renderMail('password_changed', 'en', {}).text.startsWith('Hello,\n')).toBe(true);
    expect(renderMail('password_changed', 'fr', { name: ' ' }).text.startsWith('Bonjour,\n')).toBe(true);
  });

  it.each([
    ['en', 'CDF\u00a01,000', '$10.50'],
    ['fr', '1\u202f000\u00a0CDF', '10,50\u00a0$US'],
    ['ro', '1.000\u00a0CDF', '10,50\u00a0USD'],
  ] as const)("writes a withdrawal's amount as the app does in %s", (language, paid, failed) => {
    const sent = renderMail('withdrawal_paid', language, PARAMS.withdrawal_paid);
    expect(sent.text).toContain(paid);
    expect(sent.html).toContain(paid);
    expect(renderMail('withdrawal_failed', language, PARAMS.withdrawal_failed).text).toContain(failed);
    expect(sent.text).not.toContain('1000.00');
  });

  it('writes short SMS with the code in each language', () => {
    for (const language of INTERFACE_LANGUAGES) {
      for (const kind of ['reset_password', 'change_phone'] as const) {
        const sms = renderSms(kind, language, { code: '907311' });
        expect(sms).toContain('907311');
        expect(sms.startsWith('Motema')).toBe(true);
        expect(sms.length).toBeLessThanOrEqual(160);
      }
    }
    expect(renderSms('change_phone', 'fr', { code: '907311' })).toBe(
      'Motema : votre code pour confirmer ce numéro est 907311. Il est valable 10 minutes.',
    );
  });

  it('writes French as French: ’, no-break spaces before : ; ! ? and after numbers, no "(e)"', () => {
    const { colon, ...texts } = MAIL_TEXTS.fr;
    const faults = Object.entries(texts)
      .filter(([key]) => !key.startsWith('sms'))
      .flatMap(([key, text]) => frenchTypographyFaults(text).map((fault) => `${key}: ${fault}`));
    expect(faults).toEqual([]);
    // The mail's colon after a label: "Ou confirmez en un clic:" ran the colon into the word.
    expect(colon).toBe('\u00a0:');
    const mail = renderMail('confirm_email', 'fr', PARAMS.confirm_email);
    expect(mail.text).toContain(`Ou confirmez en un clic\u00a0:\n${PARAMS.confirm_email.link}`);
    expect(renderMail('register_existing', 'en', PARAMS.register_existing).text).toContain(
      'Log in to your account:\n',
    );
  });

  // A no-break space or ’ is not in the GSM 03.38 alphabet: one would make the SMS UCS-2, 70 characters a part.
  it.each(['en', 'fr'] as const)(
    'writes %s SMS in the GSM alphabet, so one SMS holds 160 characters',
    (language) => {
      const GSM = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/u;
      for (const kind of ['reset_password', 'change_phone'] as const)
        expect(renderSms(kind, language, { code: '907311' })).toMatch(GSM);
    },
  );
});
