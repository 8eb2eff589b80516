import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ageOn } from '@motema/shared/dates';
import { ORIENTATIONS, RELATIONSHIPS } from '@motema/shared/users';
import { latestDateOfBirth, orientationOptions, relationshipOptions } from './profile-fields.ts';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/settings.json', {
  eager: true,
  import: 'default',
});
const resources = Object.fromEntries(
  Object.entries(files).map(([path, settings]) => [path.split('/').at(-2)!, { settings }]),
);
const i18n = createInstance();
await i18n.init({ lng: 'fr', resources });
const t = i18n.getFixedT('fr');
const labelOf = (options: { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label;

describe('relationship and orientation choices', () => {
  it('are worded for the sex chosen in the form', () => {
    expect(labelOf(relationshipOptions(t, 'female'), 'married')).toBe('Mariée');
    expect(labelOf(relationshipOptions(t, 'male'), 'married')).toBe('Marié');
    expect(labelOf(relationshipOptions(t, 'female'), 'widowed')).toBe('Veuve');
    expect(labelOf(orientationOptions(t, 'female'), 'heterosexual')).toBe('Hétérosexuelle');
    expect(labelOf(orientationOptions(t, 'male'), 'heterosexual')).toBe('Hétérosexuel');
  });

  it('have one wording for couple, complicated, gay, lesbian and queer', () => {
    expect(labelOf(relationshipOptions(t, 'female'), 'couple')).toBe('En couple');
    expect(labelOf(relationshipOptions(t, 'male'), 'complicated')).toBe('C’est compliqué');
    expect(labelOf(orientationOptions(t, 'female'), 'lesbian')).toBe('Lesbienne');
  });

  it('use the default wording before a sex is chosen and for non-binary members', () => {
    expect(labelOf(relationshipOptions(t, ''), 'divorced')).toBe('Divorcé');
    expect(labelOf(relationshipOptions(t, 'non_binary'), 'separated')).toBe('Séparé');
  });

  it.each(['en', 'fr', 'ro'])('are all translated in %s, for every sex', (language) => {
    const fixed = i18n.getFixedT(language);
    for (const sex of ['male', 'female', 'non_binary', ''] as const) {
      const labels = [...relationshipOptions(fixed, sex), ...orientationOptions(fixed, sex)].map(
        (o) => o.label,
      );
      expect(labels).toHaveLength(RELATIONSHIPS.length + ORIENTATIONS.length);
      expect(
        labels.filter((label) => label.startsWith('relationship.') || label.startsWith('orientation.')),
      ).toEqual([]);
    }
  });
});

describe('latestDateOfBirth', () => {
  it('is the birth date of someone turning 18 today', () => {
    const today = new Date(Date.UTC(2026, 6, 15));
    expect(latestDateOfBirth(today)).toBe('2008-07-15');
    expect(ageOn('2008-07-15', today)).toBe(18);
    expect(ageOn('2008-07-16', today)).toBe(17);
  });

  it('falls on 28 February when today is 29 February', () => {
    const today = new Date(Date.UTC(2024, 1, 29));
    expect(latestDateOfBirth(today)).toBe('2006-02-28');
    expect(ageOn('2006-02-28', today)).toBe(18);
  });
});
