import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { isolate } from '../ui/member-text.tsx';
import { addFormats, withDe } from './i18n-formats.ts';

type Texts = Record<string, unknown>;
const french = import.meta.glob<Texts>('../locales/fr/{chat,discovery}.json', {
  eager: true,
  import: 'default',
});
const chat = french['../locales/fr/chat.json']!;
const discovery = french['../locales/fr/discovery.json']!;

describe('"de" before a name in French', () => {
  it('elides before a vowel, accented ones included, and not before a consonant, h or y', () => {
    expect(withDe('Awa')).toBe('d’Awa');
    expect(withDe('Émile')).toBe('d’Émile');
    expect(withDe('ousmane')).toBe('d’ousmane');
    expect(withDe('Kofi')).toBe('de Kofi');
    expect(withDe('Hugo')).toBe('de Hugo');
    expect(withDe('Yannick')).toBe('de Yannick');
    expect(withDe('audio.webm')).toBe('d’audio.webm');
  });

  it('looks past the isolation around a member name', () => {
    expect(withDe(isolate('Awa'))).toBe(`d’${isolate('Awa')}`);
    expect(withDe(isolate('Kofi'))).toBe(`de ${isolate('Kofi')}`);
  });

  it('reads the French texts that use it', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'fr',
      resources: { fr: { chat, discovery } },
      interpolation: { escapeValue: false },
    });
    addFormats(i18n);
    expect(i18n.t('discovery:profile.about', { name: 'Awa' })).toBe('À propos d’Awa');
    expect(i18n.t('discovery:profile.about', { name: 'Kofi' })).toBe('À propos de Kofi');
    expect(i18n.t('chat:toast.label', { name: 'Émile' })).toBe('Nouveau message d’Émile');
  });
});
