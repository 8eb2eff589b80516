/**
 * Discovery on phones (360x740): a member puts a face on the profile through the avatar prompt, browses
 * home, two members swipe each other into a match (both see the match screen, one through the socket),
 * then one member blocks someone (who leaves every list) and reports someone else (who leaves her lists
 * at once, and nothing tells him). Labels are read from the app's own translation files.
 */
import { scrollTo } from '../scroll-to.ts';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import {
  expect,
  expectHeading,
  journey,
  locale,
  shot,
  signedUpMember,
  waitForPath,
  type Journey,
} from '../fixtures.ts';

/** A plain portrait photo, made on the spot. */
const portrait = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#b5563f' } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A member's name as the app's texts say it: between FSI and PDI (isolate() of apps/web/src/ui/member-text.tsx). */
const isolated = (name: string) => `\u2068${name}\u2069`;

async function listedIds(page: Page, filter: string): Promise<string[]> {
  const response = await page.request.get(`/api/users?filter=${filter}`);
  expect(response.status(), `GET /api/users?filter=${filter}`).toBe(200);
  return ((await response.json()) as { users: { _id: string }[] }).users.map((user) => user._id);
}

const discovery = journey(
  'members add an avatar, browse home, swipe into a match, block one member and report another',
  async ({ browser, baseUrl, log }) => {
    const media = locale('en', 'media');
    const disco = locale('en', 'discovery');
    const safety = locale('en', 'safety');

    const nadia = await signedUpMember(browser, baseUrl, {
      firstName: 'Nadia',
      sex: 'female',
      likes: ['male'],
    });
    const joel = await signedUpMember(browser, baseUrl, {
      firstName: 'Joel',
      sex: 'male',
      likes: ['female'],
    });
    const blaise = await signedUpMember(browser, baseUrl, {
      firstName: 'Blaise',
      sex: 'male',
      likes: ['female'],
    });
    const cedric = await signedUpMember(browser, baseUrl, {
      firstName: 'Cedric',
      sex: 'male',
      likes: ['female'],
    });
    log('four members signed up');

    // Nadia adds a photo from the home prompt and makes it her avatar.
    const page = nadia.page;
    await page.goto('/home');
    await expectHeading(page, disco('home.title'));
    await page.getByText(media('prompt.title'), { exact: true }).waitFor();
    await shot(page, 'discovery-01-home-prompt');
    await page.getByRole('button', { name: media('prompt.action'), exact: true }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait(),
    });
    await page.getByRole('button', { name: media('avatar.confirm'), exact: true }).click();
    await page.getByText(media('avatar.updated'), { exact: true }).waitFor();
    const me = (await (await page.request.get('/api/users/profile')).json()) as {
      avatar: { thumbnail: string } | null;
    };
    expect(me.avatar !== null, 'Nadia has an avatar').toBe(true);
    const thumbnail = await page.request.get(me.avatar!.thumbnail);
    expect(thumbnail.status(), 'avatar thumbnail').toBe(200);
    expect((await thumbnail.body()).length <= 15 * 1024, 'thumbnail at most 15 KB').toBe(true);
    log('avatar uploaded and confirmed');

    // Home lists the three men.
    await page.getByText(media('prompt.title'), { exact: true }).waitFor({ state: 'detached' });
    for (const name of ['Joel', 'Blaise', 'Cedric']) {
      // The name in an element of its own (NameAge: cut before the age), hence no isolate marks.
      await page
        .getByText(new RegExp(`^${name}, \\d+$`))
        .first()
        .waitFor();
    }
    await shot(page, 'discovery-02-home');
    log('home shows the men who fit her preferences');

    // Joel likes Nadia with the button; Nadia swipes Joel right: both see the match.
    await joel.page.goto('/swap');
    // Other journeys' members share the server: Joel passes them until Nadia is on top.
    for (let i = 0; i < 10; i += 1) {
      const top = joel.page.getByLabel(/^\w+, \d+$/).first();
      await top.waitFor();
      const label = (await top.getAttribute('aria-label')) ?? '';
      if (label.startsWith('Nadia,')) break;
      await joel.page.getByRole('button', { name: disco('swap.pass'), exact: true }).click();
      await joel.page.getByLabel(label, { exact: true }).waitFor({ state: 'detached' });
    }
    await joel.page
      .getByLabel(/^Nadia, \d+$/)
      .first()
      .waitFor();
    await joel.page.getByRole('button', { name: disco('swap.like'), exact: true }).click();
    await page.goto('/swap');
    // Pass the others (hers and other journeys' members) until Joel is on top.
    for (let i = 0; i < 10; i += 1) {
      const top = page.getByLabel(/^\w+, \d+$/).first();
      await top.waitFor();
      const label = (await top.getAttribute('aria-label')) ?? '';
      if (label.startsWith('Joel,')) {
        const box = (await top.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        for (let step = 1; step <= 10; step += 1) {
          await page.mouse.move(box.x + box.width / 2 + step * 25, box.y + box.height / 2 + step * 2);
        }
        await page.mouse.up();
        break;
      }
      await page.getByRole('button', { name: disco('swap.pass'), exact: true }).click();
      await page.getByLabel(label, { exact: true }).waitFor({ state: 'detached' });
    }
    await page.getByRole('heading', { name: disco('match.title'), exact: true }).waitFor();
    await shot(page, 'discovery-03-match-nadia');
    await joel.page.getByRole('heading', { name: disco('match.title'), exact: true }).waitFor();
    await shot(joel.page, 'discovery-04-match-joel');
    expect(await listedIds(page, 'rated-each'), "Nadia's matches").toEqual([joel.id]);
    log('Joel liked, Nadia swiped right: both see the match screen');
    await page.getByRole('button', { name: disco('match.keepSwiping'), exact: true }).click();

    // Nadia blocks Blaise from his profile: he leaves her lists and she leaves his.
    await page.goto(`/profile/${blaise.id}`);
    await page
      .getByRole('button', { name: safety('menu.label', { name: isolated('Blaise') }), exact: true })
      .click();
    await page.getByRole('menuitem', { name: safety('menu.block'), exact: true }).click();
    await page
      .getByRole('button', { name: safety('block.confirm', { name: isolated('Blaise') }), exact: true })
      .click();
    await page.getByText(safety('block.done', { name: isolated('Blaise') }), { exact: true }).waitFor();
    await waitForPath(page, '/home');
    expect((await listedIds(page, 'users')).includes(blaise.id), 'Blaise in her list').toBe(false);
    expect((await listedIds(blaise.page, 'users')).includes(nadia.id), 'Nadia in his list').toBe(false);
    expect((await blaise.page.request.get(`/api/users/${nadia.id}`)).status(), 'her profile for him').toBe(
      404,
    );
    await shot(page, 'discovery-05-blocked');
    log('Blaise blocked: gone from both lists, her profile answers 404 to him');

    // Nadia reports Cedric from his card on home: reason, sub-reason, a few words.
    const cedricCards = page.locator(`a[href="/profile/${cedric.id}"]`);
    // Home asks for a row's list as it comes near the screen: she scrolls down to his card.
    await scrollTo(page, cedricCards.first());
    await cedricCards.first().click();
    await waitForPath(page, `/profile/${cedric.id}`);
    await page
      .getByRole('button', { name: safety('menu.label', { name: isolated('Cedric') }), exact: true })
      .click();
    await page.getByRole('menuitem', { name: safety('menu.report'), exact: true }).click();
    await waitForPath(page, `/settings/report/profile/${cedric.id}`);
    await page.getByRole('radio', { name: safety('report.reasons.scam_or_commercial'), exact: true }).click();
    await page
      .getByRole('radio', {
        name: safety('report.subReasons.scam_or_commercial.asks_for_money'),
        exact: true,
      })
      .click();
    await page.getByLabel(safety('report.text')).fill('He asked me for mobile money on the second message.');
    await shot(page, 'discovery-06-report');
    await page.getByRole('button', { name: safety('report.submit'), exact: true }).click();
    await page.getByText(safety('report.sent'), { exact: true }).waitFor();
    // Back on his profile, then home: the lists kept in memory show him no more, at once (as the
    // server's do), while he still sees her: nothing tells him.
    await waitForPath(page, `/profile/${cedric.id}`);
    await page.goBack();
    await waitForPath(page, '/home');
    expect(await cedricCards.count(), 'Cedric cards on her home').toBe(0);
    expect((await listedIds(page, 'users')).includes(cedric.id), 'Cedric in her list').toBe(false);
    expect((await listedIds(cedric.page, 'users')).includes(nadia.id), 'Nadia in his list').toBe(true);
    await shot(page, 'discovery-07-home-after-report');
    log('Cedric reported: gone from her home at once, she stays in his list');
  },
  { timeoutMs: 150_000 },
);

export const journeys: Journey[] = [discovery];
