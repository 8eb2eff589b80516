/**
 * A new member's whole path in French on a phone: sign up (asked nothing called optional), log in by
 * username before confirming and be led to the code, confirm by the link of the mail (a second opening
 * says it is done), complete the profile and the match preferences, add a photo in the onboarding's
 * photo step, switch the language there and back, log out, reset the
 * forgotten password with the code of the mail, and log in again with the new one. Labels and texts are
 * read from the app's own translation files, so a renamed field breaks the journey but a new wording
 * does not.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '@motema/shared/languages';
import {
  codeIn,
  expect,
  journey,
  linkIn,
  newMemberPage,
  readOutbox,
  uniqueMember,
  waitForPath,
  type Journey,
  expectHeading,
  field,
  locale,
  shot,
} from '../fixtures.ts';
import { plainText } from '../texts.ts';
import { appTookOver } from '../app-took-over.ts';

// Imported at run time by URL: the server's mail texts are not part of the e2e TypeScript project.
const MAIL_TEXTS_URL = new URL('../../apps/server/src/features/auth/mail-texts.ts', import.meta.url).href;
type MailTexts = { confirmSubject: string; confirmIntro: string; resetSubject: string; resetIntro: string };

const languageName = (code: string) => {
  const name = LANGUAGES.find((language) => language.code === code)?.name;
  if (!name) throw new Error(`no language ${code} in @motema/shared/languages`);
  return name;
};

/** A plain portrait photo, made on the spot. */
const portrait = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#3f7fb5' } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** The `language` of the connected member, as the server has it. */
async function storedLanguage(page: Page): Promise<string> {
  const response = await page.request.get('/api/users/profile');
  expect(response.status(), 'GET /api/users/profile').toBe(200);
  return ((await response.json()) as { language: string }).language;
}

async function waitForStoredLanguage(page: Page, language: string) {
  const deadline = Date.now() + 10_000;
  let found = await storedLanguage(page);
  while (found !== language && Date.now() < deadline) {
    await page.waitForTimeout(200);
    found = await storedLanguage(page);
  }
  expect(found, 'language stored on the server').toBe(language);
}

const frenchMemberPath = journey(
  'a French member signs up, onboards, switches language, logs out and resets the password',
  async ({ browser, baseUrl, log }) => {
    const auth = locale('fr', 'auth');
    const settings = locale('fr', 'settings');
    const errors = locale('fr', 'errors');
    const common = locale('fr', 'common');
    const media = locale('fr', 'media');
    const settingsEn = locale('en', 'settings');
    const { MAIL_TEXTS } = (await import(MAIL_TEXTS_URL)) as { MAIL_TEXTS: Record<string, MailTexts> };
    const mails = MAIL_TEXTS.fr;
    if (!mails) throw new Error('no French mail texts');
    const member = uniqueMember();
    const newPassword = `${member.password}-neuf`;
    const page = await newMemberPage(browser, { locale: 'fr-FR' });

    // Sign up.
    await page.goto('/register?lang=fr');
    await expectHeading(page, auth('register.title'));
    expect(await page.evaluate(() => document.documentElement.lang), '<html lang> on /register').toBe('fr');
    await field(page, auth('fields.username')).fill(member.username);
    await field(page, auth('fields.email')).fill(member.email);
    await field(page, auth('fields.password')).fill(member.password);
    // An under-age date left for the terms: the first tap ticks them (the date's error, two lines, waits
    // for the send instead of pushing the box from under the finger on blur).
    const terms = page.getByLabel(plainText(auth('register.acceptTerms')), { exact: true });
    await field(page, auth('register.dateOfBirth')).fill('2015-06-01');
    await field(page, auth('register.dateOfBirth')).focus();
    await terms.click();
    expect(await terms.isChecked(), 'terms ticked by the first tap after an under-age date').toBe(true);
    await field(page, auth('register.dateOfBirth')).fill(member.dateOfBirth);
    // What onboarding requires is not offered here as optional.
    expect(await page.getByText(/facultatif/i).count(), 'optional fields on /register').toBe(0);
    await terms.check();
    await shot(page, 'fr-01-register');
    await page.getByRole('button', { name: auth('register.submit'), exact: true }).click();
    await waitForPath(page, '/otp', { email: member.email });
    await expectHeading(page, auth('otp.title'));
    // The address just given is shown as text with Modifier, not as a field to fill again.
    await page.getByText(member.email, { exact: true }).waitFor();
    expect(
      await page.getByRole('textbox', { name: auth('fields.email') }).count(),
      'e-mail field on /otp',
    ).toBe(0);
    await shot(page, 'fr-02-otp');

    // The confirmation mail speaks French; its link confirms and logs in.
    const confirmation = await readOutbox(baseUrl, member.email, { match: /\/otp\?token=/ });
    expect(confirmation.subject, 'confirmation mail subject').toBe(mails.confirmSubject);
    expect(confirmation.text, 'confirmation mail text').toContain(mails.confirmIntro);
    log(`confirmation mail: ${confirmation.subject}`);

    // Logging in by username before confirming leads to the code screen of the account's e-mail. (A
    // form filled before the app has the page is the journey early-taps-sign-in.ts's.)
    await page.goto('/login');
    await appTookOver(page);
    await field(page, auth('fields.identifier')).fill(member.username);
    await field(page, auth('fields.password')).fill(member.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: errors('login403') })
      .waitFor();
    await shot(page, 'fr-02b-login-not-confirmed');
    await page.getByRole('link', { name: auth('login.enterCode'), exact: true }).click();
    await waitForPath(page, '/otp', { email: member.email });
    log('login by username before confirming: led to the code screen');

    // The link confirms and logs in; opened again, it says the account is confirmed.
    const link = linkIn(confirmation, '/otp?token=');
    await page.goto(link);

    // Onboarding: the guard asks for the profile, then for the match preferences.
    await waitForPath(page, '/settings/profile');
    await expectHeading(page, settings('profile.onboardingTitle'));
    await shot(page, 'fr-03-profile');
    // "0 / 500 caractères" stays on one line (it wrapped after the "/" at 360 px).
    const count = page.getByText(settings('profile.aboutCount', { length: '0', max: '500' }), {
      exact: true,
    });
    const lines = await count.evaluate((element) => element.getClientRects().length);
    expect(lines, 'lines of the about counter at 360 px').toBe(1);
    await field(page, settings('profile.firstName')).fill(member.firstName);
    await page.getByRole('radio', { name: settings('sex.female'), exact: true }).check();
    await page.getByRole('button', { name: settings('profile.continue'), exact: true }).click();
    await waitForPath(page, '/settings/match');
    await expectHeading(page, settings('match.onboardingTitle'));
    await shot(page, 'fr-04-match');
    await page.getByRole('checkbox', { name: settings('match.sex.male'), exact: true }).check();
    await page.getByRole('button', { name: settings('match.start'), exact: true }).click();

    // Then a photo, which could be skipped: this member adds one and it becomes the avatar.
    await waitForPath(page, '/settings/photo');
    await expectHeading(page, settings('photo.title'));
    await page.getByRole('button', { name: settings('photo.skip'), exact: true }).waitFor();
    await shot(page, 'fr-04b-photo');
    await page.locator('input[type=file]').setInputFiles({
      name: 'moi.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait(),
    });
    await page.getByRole('button', { name: media('avatar.confirm'), exact: true }).click();
    await waitForPath(page, '/home');
    await expectHeading(page, common('nav.home'));
    await page.getByText(settings('match.welcome'), { exact: true }).waitFor();
    await shot(page, 'fr-05-home');
    const profile = (await (await page.request.get('/api/users/profile')).json()) as { avatar: unknown };
    expect(profile.avatar !== null, 'avatar set in the photo step').toBe(true);
    log('onboarded: profile, match preferences and photo saved');

    // The mail's link opened a second time says the account is already confirmed.
    await page.goto(link);
    await expectHeading(page, auth('otp.confirmedTitle'));
    await page.getByText(errors('account_already_confirmed'), { exact: true }).waitFor();
    await shot(page, 'fr-05b-link-again');
    log('the link opened again: already confirmed');

    // The language: English for a moment, then back to French, stored on the server.
    await page.goto('/settings/language');
    await expectHeading(page, settings('language.title'));
    await page.getByRole('radio', { name: languageName('en'), exact: true }).click();
    await expectHeading(page, settingsEn('language.title'));
    await page.getByText(settingsEn('language.label'), { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang), '<html lang> in English').toBe('en');
    await waitForStoredLanguage(page, 'en');
    await shot(page, 'fr-06-language-en');
    await page.getByRole('radio', { name: languageName('fr'), exact: true }).click();
    await expectHeading(page, settings('language.title'));
    await page.getByText(settings('language.label'), { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang), '<html lang> in French').toBe('fr');
    await waitForStoredLanguage(page, 'fr');
    await shot(page, 'fr-07-language-fr');
    log('language: en, then fr again, stored on the server');

    // Log out from the settings.
    await page.goto('/settings');
    await page.getByRole('button', { name: settings('index.logout'), exact: true }).click();
    await waitForPath(page, '/login');
    await expectHeading(page, auth('login.title'));
    expect((await page.request.get('/api/users/profile')).status(), 'profile after logout').toBe(401);

    // Forgotten password: the code comes by e-mail, in French.
    await page.getByRole('link', { name: auth('login.forgot'), exact: true }).click();
    await waitForPath(page, '/reset-password');
    await expectHeading(page, auth('reset.title'));
    await field(page, auth('fields.identifier')).fill(member.email);
    await shot(page, 'fr-08-reset');
    await page.getByRole('button', { name: auth('reset.send'), exact: true }).click();
    await expectHeading(page, auth('reset.codeTitle'));
    const reset = await readOutbox(baseUrl, member.email, { after: confirmation.createdAt });
    expect(reset.subject, 'reset mail subject').toBe(mails.resetSubject);
    expect(reset.text, 'reset mail text').toContain(mails.resetIntro);
    log(`reset mail: ${reset.subject}`);
    // The sixth digit sends the code, as sign-up's does: no tap on the button.
    await shot(page, 'fr-09-reset-code');
    await field(page, auth('reset.code')).fill(codeIn(reset));
    await waitForPath(page, '/password');
    await expectHeading(page, auth('password.title'));
    await field(page, auth('password.password')).fill(newPassword);
    await field(page, auth('password.confirmation')).fill(newPassword);
    await shot(page, 'fr-10-new-password');
    await page.getByRole('button', { name: auth('password.submit'), exact: true }).click();
    // Back on login with the identifier the code was asked for.
    await waitForPath(page, '/login', { identifier: member.email });
    expect(await field(page, auth('fields.identifier')).inputValue(), 'the identifier after the reset').toBe(
      member.email,
    );
    await page.getByText(auth('password.done'), { exact: true }).waitFor();
    await shot(page, 'fr-11-login-after-reset');

    // The old password no longer opens the account; the new one does.
    await field(page, auth('fields.identifier')).fill(member.username);
    await field(page, auth('fields.password')).fill(member.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: errors('login401') })
      .waitFor();
    expect(new URL(page.url()).pathname, 'path after the old password').toBe('/login');
    await shot(page, 'fr-12-old-password-refused');
    await field(page, auth('fields.password')).fill(newPassword);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await waitForPath(page, '/home');
    await expectHeading(page, common('nav.home'));
    expect(await storedLanguage(page), 'language at the end').toBe('fr');
    await shot(page, 'fr-13-home');
    log('logged in again with the new password');
  },
  { timeoutMs: 90_000 },
);

export const journeys: Journey[] = [frenchMemberPath];
