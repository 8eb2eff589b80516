import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** Settings: the profile, match preferences, photo, language, access to the account, data saver. */
export const settingsFeature: FeatureModule = {
  name: 'settings',
  routes: () => ({
    settings: [
      page(undefined, () => import('./settings-index-page.tsx'), 'SettingsIndexPage'),
      page('profile', () => import('./profile-settings-page.tsx'), 'ProfileSettingsPage'),
      page('match', () => import('./match-settings-page.tsx'), 'MatchSettingsPage'),
      page('photo', () => import('./photo-step-page.tsx'), 'PhotoStepPage', ['media']),
      page('language', () => import('./language-settings-page.tsx'), 'LanguageSettingsPage'),
      page('privacy', () => import('./privacy-settings-page.tsx'), 'PrivacySettingsPage'),
      page('password', () => import('./password-settings-page.tsx'), 'PasswordSettingsPage'),
      page('access', () => import('./access-settings-page.tsx'), 'AccessSettingsPage'),
      page('access/email', () => import('./email-settings-page.tsx'), 'EmailSettingsPage'),
      page('access/phone', () => import('./phone-settings-page.tsx'), 'PhoneSettingsPage'),
      page('access/deactivate', () => import('./deactivate-page.tsx'), 'DeactivatePage'),
      page('access/delete', () => import('./delete-account-page.tsx'), 'DeleteAccountPage'),
      page('data-saver', () => import('./data-saver-settings-page.tsx'), 'DataSaverSettingsPage'),
    ],
  }),
};
