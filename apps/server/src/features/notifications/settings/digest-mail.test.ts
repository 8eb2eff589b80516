import { describe, expect, it } from 'vitest';
import { frenchTypographyFaults } from '@motema/shared/french-typography';
import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { renderDigestMail, type DigestParams } from './digest-mail.ts';
import { DIGEST_TEXTS } from './digest-mail-texts.ts';

const PARAMS: DigestParams = {
  name: 'Grace',
  unread: 2,
  senders: ['Amina'],
  conversationsUrl: 'https://motema.example/conversations',
  unsubscribeUrl: 'https://motema.example/api/notifications/unsubscribe?token=abc',
};

describe('the digest mail', () => {
  it('counts in each language’s plural forms', () => {
    const subject = (language: 'en' | 'fr' | 'ro', unread: number) =>
      renderDigestMail(language, { ...PARAMS, unread }).subject;
    expect(subject('en', 1)).toBe('You have an unread message on Motema');
    expect(subject('en', 21)).toBe('You have 21 unread messages on Motema');
    expect(subject('fr', 1)).toBe('Vous avez un message non lu sur Motema');
    expect(subject('fr', 5)).toBe('Vous avez 5\u00a0messages non lus sur Motema');
    expect(subject('ro', 1)).toBe('Aveți un mesaj necitit pe Motema');
    expect(subject('ro', 5)).toBe('Aveți 5 mesaje necitite pe Motema');
    // Romanian says "de" from 20 on.
    expect(subject('ro', 20)).toBe('Aveți 20 de mesaje necitite pe Motema');
  });

  it('names three who wrote and counts the others, in the language’s own list', () => {
    const senders = ['Amina', 'Grace', 'Joël', 'Mihai', 'Ana'];
    expect(renderDigestMail('en', { ...PARAMS, senders }).text).toContain(
      'From Amina, Grace, Joël, and 2 other people.',
    );
    expect(renderDigestMail('fr', { ...PARAMS, senders: senders.slice(0, 4) }).text).toContain(
      'Qui vous a écrit\u00a0: Amina, Grace, Joël et Mihai.',
    );
    expect(renderDigestMail('ro', { ...PARAMS, senders }).text).toContain(
      'De la: Amina, Grace, Joël și încă 2 persoane.',
    );
  });

  it('has every text in en, fr and ro, French written as French', () => {
    for (const language of INTERFACE_LANGUAGES) {
      const mail = renderDigestMail(language, PARAMS);
      expect(mail.text).not.toMatch(/\{\w+\}/);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain('href="https://motema.example/api/notifications/unsubscribe?token=abc"');
    }
    const { colon, subject, waiting, others, ...texts } = DIGEST_TEXTS.fr;
    const all = [
      ...Object.values(texts),
      ...[subject, waiting, others].flatMap((forms) => Object.values(forms)),
    ];
    expect(all.flatMap((text) => frenchTypographyFaults(text))).toEqual([]);
    expect(colon).toBe('\u00a0:');
  });

  it('escapes names in the HTML', () => {
    const mail = renderDigestMail('en', { ...PARAMS, name: '<b>G</b>', senders: ['<script>x</script>'] });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>G</b>');
  });
});
