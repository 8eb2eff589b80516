/**
 * A member's first week in French, on a phone with a touch screen (360x740): sign up, confirm with
 * the mailed code, fill the profile and the match preferences, add a photo, find on the swap deck a
 * member who already liked them, like her with a tap, meet the full-screen match screen and write to
 * her from it; she receives the message. On every screen the page is French (<html lang>, the tab
 * bar's labels) and no English text of these screens shows. Texts are read from the app's own
 * translation files.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import {
  codeIn,
  escapeRegExp,
  expect,
  expectHeading,
  field,
  journey,
  locale,
  newMemberPage,
  readOutbox,
  shot,
  signedUpMember,
  uniqueMember,
  waitForPath,
  type Journey,
} from '../fixtures.ts';
import { plainText } from '../texts.ts';
import { expectTabLabelsWhole, expectTabLabelsWholeOnEachTab } from '../tab-labels.ts';

const HELLO = 'Bonjour Amina !';

/** A plain portrait photo, made on the spot. */
const portrait = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#b5763f' } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A name as the app may show it: between direction isolates or not. */
const isolated = (name: string) => `[\u2068]?${escapeRegExp(name)}[\u2069]?`;

/** English texts of the screens this journey walks through, none of which may show in French. */
const en = {
  common: locale('en', 'common'),
  discovery: locale('en', 'discovery'),
  thread: locale('en', 'thread'),
  settings: locale('en', 'settings'),
};
const ENGLISH_TEXTS = [
  en.common('nav.home'),
  en.common('nav.swap'),
  en.common('nav.conversations'),
  en.common('nav.account'),
  en.discovery('swap.like'),
  en.discovery('swap.pass'),
  en.discovery('match.title'),
  en.discovery('match.message'),
  en.discovery('match.keepSwiping'),
  en.thread('composer.send'),
  en.settings('photo.title'),
  en.settings('match.onboardingTitle'),
  en.settings('profile.onboardingTitle'),
  en.common('nav.settings'),
  en.common('onboarding.title'),
];

/** The screen is French: <html lang="fr"> and none of the English texts above on it. */
async function expectFrench(page: Page, where: string) {
  expect(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${where}`).toBe('fr');
  const shown = await page.evaluate(() => document.body.innerText);
  const english = ENGLISH_TEXTS.filter((text) =>
    new RegExp(`(^|\\P{L})${escapeRegExp(text)}(\\P{L}|$)`, 'u').test(shown),
  );
  expect(english, `English texts on ${where}`).toEqual([]);
}

const firstWeekFrench = journey(
  'a first week in French: sign-up, onboarding with a photo, a match on the swap deck and a first message',
  async ({ browser, baseUrl, log }) => {
    const auth = locale('fr', 'auth');
    const settings = locale('fr', 'settings');
    const common = locale('fr', 'common');
    const media = locale('fr', 'media');
    const disco = locale('fr', 'discovery');
    const thread = locale('fr', 'thread');
    const amina = await signedUpMember(browser, baseUrl, {
      firstName: 'Amina',
      sex: 'female',
      likes: ['male'],
    });
    const member = { ...uniqueMember(), firstName: 'Olivier' };
    const page = await newMemberPage(browser, { locale: 'fr-FR', hasTouch: true, isMobile: true });

    // Sign up in French.
    await page.goto('/register?lang=fr');
    await expectHeading(page, auth('register.title'));
    await field(page, auth('fields.username')).fill(member.username);
    await field(page, auth('fields.email')).fill(member.email);
    await field(page, auth('fields.password')).fill(member.password);
    await field(page, auth('register.dateOfBirth')).fill(member.dateOfBirth);
    await page.getByLabel(plainText(auth('register.acceptTerms')), { exact: true }).check();
    await expectFrench(page, '/register');
    await shot(page, 'first-week-01-register');
    await page.getByRole('button', { name: auth('register.submit'), exact: true }).tap();

    // The code of the mail, typed on the code screen.
    await waitForPath(page, '/otp', { email: member.email });
    await expectHeading(page, auth('otp.title'));
    const code = codeIn(await readOutbox(baseUrl, member.email));
    await expectFrench(page, '/otp');
    await shot(page, 'first-week-02-code');
    // The sixth digit sends the code: no tap on the button.
    await field(page, auth('otp.code')).fill(code);

    // Onboarding: the profile, then the match preferences, under a welcome that counts the steps.
    await waitForPath(page, '/settings/profile');
    await expectHeading(page, settings('profile.onboardingTitle'));
    const stepOf = async () => ({
      title: await page.getByRole('heading', { level: 2 }).first().textContent(),
      step: await page.locator('[data-onboarding-step]').textContent(),
    });
    expect(await stepOf(), 'the header of the first step').toEqual({
      title: common('onboarding.title'),
      step: common('onboarding.step', { step: '1', total: '3' }),
    });
    const me = (await (await page.request.get('/api/users/profile')).json()) as { _id: string };
    expect(typeof me._id, "the newcomer's id").toBe('string');
    log(`confirmed with the mailed code: ${me._id}`);
    await field(page, settings('profile.firstName')).fill(member.firstName);
    await page.getByRole('radio', { name: settings('sex.male'), exact: true }).check();
    // The selects near the foot of the form, by touch on a 360x640 screen: a tap leaves the page where
    // it is and the choices show on screen (the phone's own picker for a native select, else a list
    // inside the screen); the choice is kept.
    await page.setViewportSize({ width: 360, height: 640 });
    for (const [label, choice] of [
      [settings('profile.relationship'), settings('relationship.single_male')],
      [settings('profile.orientation'), settings('orientation.heterosexual_male')],
    ] as const) {
      const select = page.getByRole('combobox', { name: label, exact: true });
      await select.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      const at = await select.boundingBox();
      if (!at) throw new Error(`${label} is not on screen`);
      await page.touchscreen.tap(at.x + at.width / 2, at.y + at.height / 2);
      const native = await select.evaluate((element) => element.tagName === 'SELECT');
      const list = page.getByRole('listbox');
      const listShown =
        native ||
        (await list.count()) === 0 ||
        (await list.first().evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight;
        }));
      const moved = Math.abs((await page.evaluate(() => window.scrollY)) - before);
      expect({ moved, listShown }, `a tap on "${label}" at 360x640`).toEqual({ moved: 0, listShown: true });
      if (native) await select.selectOption({ label: choice });
      else await page.getByRole('option', { name: choice, exact: true }).tap();
      const chosen = await select.evaluate((element) =>
        element instanceof HTMLSelectElement
          ? element.selectedOptions[0]?.text
          : (element as HTMLInputElement).value,
      );
      expect(chosen, `the choice of "${label}"`).toBe(choice);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    log('the selects at the foot of the profile form answer a tap in place at 360x640');
    await expectFrench(page, '/settings/profile');
    await shot(page, 'first-week-03-profile');
    await page.getByRole('button', { name: settings('profile.continue'), exact: true }).tap();
    await waitForPath(page, '/settings/match');
    await expectHeading(page, settings('match.onboardingTitle'));
    expect(await stepOf(), 'the header of the second step').toEqual({
      title: common('onboarding.title'),
      step: common('onboarding.step', { step: '2', total: '3' }),
    });
    await page.getByRole('checkbox', { name: settings('match.sex.female'), exact: true }).check();
    await expectFrench(page, '/settings/match');
    await shot(page, 'first-week-04-match');
    await page.getByRole('button', { name: settings('match.start'), exact: true }).tap();

    // A photo, which becomes the avatar.
    await waitForPath(page, '/settings/photo');
    await expectHeading(page, settings('photo.title'));
    await page.locator('input[type=file]').setInputFiles({
      name: 'moi.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait(),
    });
    await page.getByRole('button', { name: media('avatar.confirm'), exact: true }).waitFor();
    await expectFrench(page, '/settings/photo');
    await shot(page, 'first-week-05-photo');
    await page.getByRole('button', { name: media('avatar.confirm'), exact: true }).tap();
    await waitForPath(page, '/home');
    // One welcome notice (read as it shows: it closes by itself), in the top notices' place, which is
    // under the header: the mark and the bell stay in sight.
    const notice = page.locator('.mantine-Notification-root');
    await notice.first().waitFor();
    const notices = await notice.count();
    const header = await page.locator('.mantine-AppShell-header').boundingBox();
    const place = await page.locator('.mantine-Notifications-root[data-position="top-center"]').boundingBox();
    expect(
      { notices, underHeader: !!header && !!place && place.y >= header.y + header.height },
      'the welcome notice on the first home',
    ).toEqual({ notices: 1, underHeader: true });
    await expectHeading(page, common('nav.home'));
    const profile = (await (await page.request.get('/api/users/profile')).json()) as { avatar: unknown };
    expect(profile.avatar !== null, 'avatar set in the photo step').toBe(true);
    // The tab bar speaks French.
    await page.getByRole('link', { name: common('nav.swap'), exact: true }).waitFor();
    await expectFrench(page, '/home');
    await shot(page, 'first-week-06-home');
    log('onboarded: profile, match preferences and a photo');
    // The tab bar's labels whole at 360 px, whichever tab is shown (the swap deck's below).
    await expectTabLabelsWholeOnEachTab(page, '/swap');

    // Amina, who had seen him once he had a profile, likes him (a member without one is not rated).
    const liked = await amina.page.request.post('/api/rate/user', { data: { user: me._id, score: 5 } });
    expect(liked.status(), 'POST /api/rate/user').toBe(200);

    // The swap deck: other journeys' members share the server; pass them until Amina is on top.
    await page.getByRole('link', { name: common('nav.swap'), exact: true }).tap();
    await waitForPath(page, '/swap');
    const top = page.getByRole('group', { name: /, \d+/ }).first();
    for (let i = 0; i < 30; i += 1) {
      await top.waitFor();
      const label = (await top.getAttribute('aria-label')) ?? '';
      if (new RegExp(`^${isolated('Amina')},`).test(label)) {
        // Another journey's Amina could be on top: this one's profile link carries her id.
        if ((await top.locator(`a[href="/profile/${amina.id}"]`).count()) === 1) break;
      }
      // That very card must leave: the next one may bear the same name and age.
      const passed = await top.elementHandle();
      await page.getByRole('button', { name: disco('swap.pass'), exact: true }).tap();
      await page.waitForFunction((element) => !element?.isConnected, passed);
    }
    const card = page.getByRole('group', { name: new RegExp(`^${isolated('Amina')}, \\d+`) }).first();
    const openProfile = card.locator(`a[href="/profile/${amina.id}"]`);
    await openProfile.waitFor();
    // "Voir le profil {{name, de}}": the "de" elided before her name.
    const [before, after] = disco('swap.openProfile').split('{{name, de}}') as [string, string];
    expect(await openProfile.getAttribute('aria-label'), 'the profile link of the card').toMatch(
      new RegExp(`^${escapeRegExp(before)}d’${isolated('Amina')}${escapeRegExp(after)}$`),
    );
    await expectTabLabelsWhole(page, '/swap');
    await expectFrench(page, '/swap');
    await shot(page, 'first-week-07-swap');
    log("Amina's card is on top of the deck");

    // A tap on the like button: the full-screen match screen, in French.
    await page.getByRole('button', { name: disco('swap.like'), exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: disco('match.title') });
    await dialog.waitFor();
    const [textBefore, textAfter] = disco('match.text').split('{{name}}') as [string, string];
    await dialog
      .getByText(new RegExp(`^${escapeRegExp(textBefore)}${isolated('Amina')}${escapeRegExp(textAfter)}$`))
      .waitFor();
    const fills = await dialog.evaluate(
      (el: HTMLElement) => el.offsetWidth >= window.innerWidth && el.offsetHeight >= window.innerHeight,
    );
    expect(fills, 'the match screen fills the screen').toBe(true);
    await dialog.getByRole('button', { name: disco('match.keepSwiping'), exact: true }).waitFor();
    await expectFrench(page, 'the match screen');
    await shot(page, 'first-week-08-match');
    log('a like makes the match: the match screen says so in French');

    // "Envoyer un message" opens the chat with her; the first message reaches her.
    await dialog.getByRole('link', { name: disco('match.message'), exact: true }).tap();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const composer = page.getByLabel(thread('composer.label'), { exact: true });
    await composer.fill(HELLO);
    await page.getByRole('button', { name: thread('composer.send'), exact: true }).tap();
    await page.getByTestId('thread-item').getByText(HELLO, { exact: true }).waitFor();
    await expectFrench(page, 'the thread');
    await shot(page, 'first-week-09-thread');
    await amina.page.goto(new URL(page.url()).pathname);
    await amina.page.getByTestId('thread-item').getByText(HELLO, { exact: true }).waitFor();
    await shot(amina.page, 'first-week-10-amina-receives');
    log('the first message reached Amina');
  },
  { timeoutMs: 150_000 },
);

export const journeys: Journey[] = [firstWeekFrench];
