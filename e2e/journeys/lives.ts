/**
 * Lives on phones (360x740), against the real server and its encoder (issue 31): Kofi goes live with
 * Chromium's fake camera (e2e/runner/chromium.mjs starts every browser with
 * `--use-fake-device-for-media-stream` and `--use-fake-ui-for-media-stream`), entering from the
 * "Lives" item of home's stories row; Amani finds his LIVE
 * ring first on home's stories row, watches (the video's clock moves: frames arrive), writes in the
 * chat, which Kofi reads, and reports the live; Mireille, a moderator (e2e/staff.ts), opens the case
 * and ends the live from the console; Amani's screen says it ended. Labels are read from the app's
 * own translation files.
 */
import type { Page } from 'playwright-core';
import {
  expect,
  expectHeading,
  field,
  journey,
  locale,
  shot,
  signedUpMember,
  type Journey,
} from '../fixtures.ts';
import { pollUntil } from '../poll-until.ts';
import { grantRole } from '../staff.ts';

const lives = locale('en', 'lives');
const safety = locale('en', 'safety');
const moderation = locale('en', 'moderation');

const TITLE = 'Sunday by the river';
const HELLO = 'Hello Kofi, lovely view!';

/** The live's video clock, in seconds (0 before it plays). */
const videoTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('video')?.currentTime ?? 0);

const goLiveWatchReportEnd = journey(
  'a member goes live with the camera, another finds the LIVE ring, watches, writes and reports, and a moderator ends the live from the console',
  async ({ browser, baseUrl, log }) => {
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    const amani = await signedUpMember(browser, baseUrl, {
      firstName: 'Amani',
      sex: 'female',
      likes: ['male'],
    });
    const mireille = await signedUpMember(browser, baseUrl, {
      firstName: 'Mireille',
      sex: 'female',
      likes: ['male'],
    });
    await grantRole(mireille.username, 'moderator');

    // Kofi opens the lives from home's stories row, then goes live with the fake camera.
    await kofi.page.goto('/home');
    const livesLink = kofi.page.getByRole('link', { name: lives('title'), exact: true });
    // Its broadcast icon shows on its disc (a shade's "light" variant once drew both in one red).
    const [icon, disc] = await livesLink.evaluate((link) => {
      const svg = link.querySelector('svg')!;
      return [getComputedStyle(svg).color, getComputedStyle(svg.parentElement!).backgroundColor];
    });
    expect(icon === disc, `the lives icon (${icon}) drawn in its disc's colour (${disc})`).toBe(false);
    await livesLink.click();
    await expectHeading(kofi.page, lives('title'));
    await kofi.page.getByText(lives('list.emptyTitle'), { exact: true }).waitFor();
    await shot(kofi.page, 'lives-01-empty');
    await kofi.page.getByRole('link', { name: lives('goLive'), exact: true }).click();
    await expectHeading(kofi.page, lives('go.title'));
    await field(kofi.page, lives('go.liveTitle')).fill(TITLE);
    const start = kofi.page.getByRole('button', { name: lives('go.start'), exact: true });
    expect(
      await pollUntil(
        () => start.isEnabled(),
        (enabled) => enabled,
      ),
      'Go live, once the camera opened',
    ).toBe(true);
    await shot(kofi.page, 'lives-02-go-live');
    await start.click();
    await kofi.page.waitForURL(/\/lives\/[0-9a-f-]{36}$/);
    const livePath = new URL(kofi.page.url()).pathname;
    await kofi.page.getByText(lives('badge'), { exact: true }).waitFor({ timeout: 30_000 });
    await shot(kofi.page, 'lives-03-on-air');
    log(`Kofi is live (${livePath})`);

    // Amani sees his LIVE ring first on home's stories row and opens it.
    await amani.page.goto('/home');
    const ring = amani.page.getByRole('link', { name: `Kofi ${lives('ring.hint')}`, exact: true });
    await ring.waitFor();
    await shot(amani.page, 'lives-04-home-ring');
    await ring.click();
    await amani.page.waitForURL((url) => url.pathname === livePath);
    await expectHeading(amani.page, 'Kofi');
    const first = await pollUntil(
      () => videoTime(amani.page),
      (time) => time > 0,
      { timeoutMs: 30_000 },
    );
    expect(first > 0, 'the live playing').toBe(true);
    const later = await pollUntil(
      () => videoTime(amani.page),
      (time) => time > first + 1,
      { timeoutMs: 30_000 },
    );
    expect(later > first + 1, 'the video’s clock moving').toBe(true);
    // Pictures, not only sound: the video decodes frames of a rendition's size.
    const size = await amani.page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('video');
      return { width: video?.videoWidth ?? 0, height: video?.videoHeight ?? 0 };
    });
    expect(size.height >= 240, 'the video’s picture decoded').toBe(true);
    log(
      `Amani watches: the video went from ${first.toFixed(1)} s to ${later.toFixed(1)} s, ${size.width}x${size.height}`,
    );

    // She writes in the chat; Kofi reads it.
    await amani.page.getByLabel(lives('chat.write'), { exact: true }).fill(HELLO);
    await amani.page.getByRole('button', { name: lives('chat.send'), exact: true }).click();
    await amani.page.getByText(HELLO, { exact: true }).waitFor();
    await kofi.page.getByText(HELLO, { exact: true }).waitFor();
    await shot(amani.page, 'lives-05-watching');
    await shot(kofi.page, 'lives-06-broadcaster-chat');
    log('Amani wrote in the chat and Kofi read it');

    // She reports the live through the profile report.
    await amani.page.getByRole('link', { name: lives('watch.report'), exact: true }).click();
    await amani.page.getByRole('radio', { name: safety('report.reasons.inappropriate_content') }).check();
    await amani.page
      .getByRole('radio', { name: safety('report.subReasons.inappropriate_content.offensive_language') })
      .check();
    await shot(amani.page, 'lives-07-report');
    await amani.page.getByRole('button', { name: safety('report.submit'), exact: true }).click();
    await amani.page.getByText(safety('report.sent'), { exact: true }).waitFor();
    await amani.page.waitForURL((url) => url.pathname === livePath);
    log('Amani reported the live');

    // Mireille takes the case and ends the live.
    await mireille.page.goto('/moderation');
    await expectHeading(mireille.page, moderation('queue.title'));
    const row = mireille.page.getByRole('link', { name: new RegExp(`@${kofi.username}`) });
    await row.waitFor();
    await row.click();
    await expectHeading(mireille.page, moderation('case.title'));
    await mireille.page.getByText(TITLE, { exact: true }).first().waitFor();
    await mireille.page.getByRole('button', { name: moderation('case.take'), exact: true }).click();
    await mireille.page.getByRole('button', { name: moderation('case.handBack'), exact: true }).waitFor();
    await field(mireille.page, moderation('action.action')).selectOption({
      label: moderation('actions.end_live'),
    });
    await field(mireille.page, moderation('action.rule')).selectOption({ label: moderation('rules.other') });
    await shot(mireille.page, 'lives-08-console-end');
    await mireille.page.getByRole('button', { name: moderation('action.submit'), exact: true }).click();
    await mireille.page.getByText(moderation('case.closed'), { exact: true }).waitFor();
    log('Mireille ended the live from the console');

    // Amani's screen says it ended, kindly; so does Kofi's.
    await amani.page
      .getByRole('heading', { name: lives('ended.title'), exact: true })
      .waitFor({ timeout: 20_000 });
    await amani.page.getByText(lives('ended.moderator'), { exact: true }).waitFor();
    expect(await amani.page.locator('video').count(), 'videos left on her screen').toBe(0);
    await shot(amani.page, 'lives-09-ended');
    await kofi.page
      .getByRole('heading', { name: lives('endedOwn.title'), exact: true })
      .waitFor({ timeout: 20_000 });
    await kofi.page.getByText(lives('endedOwn.moderator'), { exact: true }).waitFor();
    await shot(kofi.page, 'lives-10-broadcaster-ended');
    log('the viewer and the broadcaster saw the live end');
  },
  { timeoutMs: 240_000 },
);

export const journeys: Journey[] = [goLiveWatchReportEnd];
