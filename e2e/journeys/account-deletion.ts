/**
 * A member deletes the account from the settings on a phone: a wrong password is refused and keeps the
 * account; the right password and the confirmation word remove it, end the session and send the
 * member to the start page, and the old credentials no longer log in. Labels are read from the app's
 * own translation files.
 */
import type { Locator, Page } from 'playwright-core';
import {
  codeIn,
  expect,
  journey,
  newMemberPage,
  readOutbox,
  uniqueMember,
  waitForPath,
  type Journey,
  escapeRegExp,
  expectHeading,
  field,
  locale,
  shot,
} from '../fixtures.ts';

/** What a screen reader says after a field's name: the texts its aria-describedby points to. */
const descriptionOf = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const profileStatus = async (page: Page) => (await page.request.get('/api/users/profile')).status();

const deleteAccount = journey(
  'a member deletes the account: a wrong password keeps it, the right one removes it for good',
  async ({ browser, baseUrl, log }) => {
    const auth = locale('en', 'auth');
    const settings = locale('en', 'settings');
    const errors = locale('en', 'errors');
    const common = locale('en', 'common');
    const start = locale('en', 'public');
    const member = uniqueMember();
    const page = await newMemberPage(browser);

    // A confirmed member, through the API: the session cookie lands in the page's context.
    const registered = await page.request.post('/api/auth/register', {
      data: {
        username: member.username,
        email: member.email,
        password: member.password,
        dateOfBirth: member.dateOfBirth,
        acceptTerms: true,
        firstName: member.firstName,
        sex: 'female',
      },
    });
    expect(registered.status(), 'POST /api/auth/register').toBe(202);
    const code = codeIn(await readOutbox(baseUrl, member.email));
    const confirmed = await page.request.post('/api/auth/confirm', { data: { email: member.email, code } });
    expect(confirmed.status(), 'POST /api/auth/confirm').toBe(200);
    expect(await profileStatus(page), 'GET /api/users/profile once confirmed').toBe(200);

    // The profile is complete: the guard asks only for the match preferences.
    await page.goto('/settings');
    await waitForPath(page, '/settings/match');
    await expectHeading(page, settings('match.onboardingTitle'));
    await page.getByRole('checkbox', { name: settings('match.sex.male'), exact: true }).check();
    await page.getByRole('button', { name: settings('match.start'), exact: true }).click();
    // The photo step may be skipped, and once skipped it lets the member go anywhere.
    await waitForPath(page, '/settings/photo');
    await expectHeading(page, settings('photo.title'));
    await page.getByRole('button', { name: settings('photo.skip'), exact: true }).click();
    await waitForPath(page, '/home');
    await expectHeading(page, common('nav.home'));
    await page.goto('/swap');
    await expectHeading(page, locale('en', 'discovery')('swap.title'));
    expect(new URL(page.url()).pathname, 'path of /swap after skipping the photo').toBe('/swap');
    log('onboarded through the match preferences, the photo step skipped');

    // A file that is not a photo, sent from the account page: the refusal shows where the member looks.
    await page.goto('/account');
    const media = locale('en', 'media');
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: media('gallery.add'), exact: true })
      .waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'fun.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    const refusal = page.getByRole('alert').filter({ hasText: errors('photo_type_unsupported') });
    await refusal.waitFor();
    await page.waitForFunction(
      (element) => {
        const box = element!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      },
      await refusal.elementHandle(),
    );
    await shot(page, 'delete-00-upload-refused');
    const scrolled = await page.evaluate(() => Math.round(window.scrollY));
    log(`an upload refused on the account page is in view (page scrolled ${scrolled} px to it)`);

    // Settings -> Delete the account, in sight on the settings home (not under the e-mail and phone).
    await page.goto('/settings');
    await expectHeading(page, settings('index.title'));
    await shot(page, 'delete-01-settings');
    await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(settings('access.delete'))}`) }).click();
    await waitForPath(page, '/settings/access/delete');
    await expectHeading(page, settings('delete.title'));
    const word = settings('delete.word');

    // A wrong password: refused under the field, the account is still there.
    await field(page, settings('delete.password')).fill(`${member.password}-wrong`);
    await field(page, settings('delete.wordLabel', { word })).fill(word);
    await page.getByRole('button', { name: settings('delete.submit'), exact: true }).click();
    await page.getByText(errors('wrong_password'), { exact: true }).waitFor();
    expect(
      await descriptionOf(field(page, settings('delete.password'))),
      'password field description',
    ).toContain(errors('wrong_password'));
    await shot(page, 'delete-02-wrong-password');
    expect(new URL(page.url()).pathname, 'path after a wrong password').toBe('/settings/access/delete');
    expect(await profileStatus(page), 'GET /api/users/profile after a wrong password').toBe(200);
    log('wrong password refused; the account is still there');

    // The right password: the account is gone and the member is on the start page.
    await field(page, settings('delete.password')).fill(member.password);
    await page.getByRole('button', { name: settings('delete.submit'), exact: true }).click();
    await waitForPath(page, '/');
    await page.getByText(settings('delete.done'), { exact: true }).waitFor();
    await expectHeading(page, start('start.tagline'));
    await shot(page, 'delete-03-deleted');
    expect(new URL(page.url()).search, 'search of the start page after deletion').toBe('');
    // Not the visitor's "log in to see that page" notice of /?from=...
    expect(await page.getByText(start('start.from.title'), { exact: true }).count(), 'from notice').toBe(0);
    expect(await profileStatus(page), 'GET /api/users/profile after deletion').toBe(401);
    log('deleted; on the start page, GET /api/users/profile answers 401');

    // The old credentials no longer log in.
    await page.goto('/login');
    await expectHeading(page, auth('login.title'));
    await field(page, auth('fields.identifier')).fill(member.username);
    await field(page, auth('fields.password')).fill(member.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: errors('login401') })
      .waitFor();
    expect(new URL(page.url()).pathname, 'path after logging in to a deleted account').toBe('/login');
    await shot(page, 'delete-04-login-refused');
  },
  { timeoutMs: 90_000 },
);

export const journeys: Journey[] = [deleteAccount];
