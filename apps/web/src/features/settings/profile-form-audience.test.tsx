import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileSettingsPage } from './profile-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';

afterEach(() => i18next.changeLanguage('en'));

/** The settings texts of each language, by language code. */
const settingsOf = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('../../locales/*/settings.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([path, texts]) => [path.split('/').at(-2)!, texts]),
);

/** The help text a field is described by (Mantine links it with aria-describedby). */
function descriptionOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the profile form says who sees each field', () => {
  it('in English: the last name nobody else, the birth date as an age, the rest to members or everyone', () => {
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />);
    expect(descriptionOf(screen.getByLabelText(/First name/))).toBe(
      'Everyone who opens your profile sees it.',
    );
    expect(descriptionOf(screen.getByLabelText(/Last name/))).toBe(
      'Only you see it: others see your first name.',
    );
    expect(descriptionOf(screen.getByLabelText(/Date of birth/))).toBe('Only your age is shown to others.');
    expect(descriptionOf(screen.getByRole('radiogroup', { name: /Sex/ }))).toBe(
      'Everyone who opens your profile sees it.',
    );
    for (const label of ['Relationship status', 'Sexual orientation']) {
      expect(descriptionOf(screen.getByLabelText(label, { selector: 'select' }))).toBe(
        'Members see it on your profile.',
      );
    }
    expect(descriptionOf(screen.getByLabelText(/About you/))).toMatch(
      /^Everyone who opens your profile sees it\. \d+ \/ 500 characters$/,
    );
  });

  it.each([
    ['fr', 'Nom', 'Visible par vous seulement\u00a0: les autres voient votre prénom.'],
    ['ro', 'Nume', 'Doar dumneavoastră îl vedeți: ceilalți văd prenumele dumneavoastră.'],
  ])('in %s too', async (language, lastName, help) => {
    i18next.addResourceBundle(language, 'settings', settingsOf[language]);
    await i18next.changeLanguage(language);
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />);
    expect(descriptionOf(screen.getByLabelText(new RegExp(`^${lastName}`)))).toBe(help);
  });
});
