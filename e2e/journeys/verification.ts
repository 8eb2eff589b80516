/**
 * Selfie verification on a phone (360x740), against the real server (issue 30): Amani opens Settings >
 * Verify your profile, sees the pose drawn for her, opens the front camera (Chromium's fake camera,
 * --use-fake-device-for-media-stream and --use-fake-ui-for-media-stream in runner/chromium.mjs), takes
 * the still and sends it; the screen says it waits. Jo, made a moderator by the admin command (never by
 * the API), approves it from the console's queue; Bisi, who likes women, sees the badge on Amani's profile.
 * Labels are read from the app's own translation files.
 */
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
import { grantRole } from '../staff.ts';

const verification = locale('en', 'verification');
const common = locale('en', 'common');

const verifies = journey(
  'a member verifies her profile with a selfie, a moderator approves it, and another member sees the badge',
  async ({ browser, baseUrl, log }) => {
    const amani = await signedUpMember(browser, baseUrl, {
      firstName: 'Amani',
      sex: 'female',
      likes: ['male'],
    });
    const bisi = await signedUpMember(browser, baseUrl, {
      firstName: 'Bisi',
      sex: 'male',
      likes: ['female'],
    });
    const jo = await signedUpMember(browser, baseUrl, { firstName: 'Jo', sex: 'male', likes: ['female'] });

    // Amani takes the selfie with the pose drawn for her.
    const page = amani.page;
    await page.goto('/settings/verify');
    await expectHeading(page, verification('title'));
    await page.getByText(verification('copyPose'), { exact: true }).waitFor();
    await shot(page, 'verification-01-pose');
    await page.getByRole('button', { name: verification('openCamera'), exact: true }).click();
    await page.getByRole('button', { name: verification('take'), exact: true }).click();
    await page.getByRole('img', { name: verification('preview'), exact: true }).waitFor();
    await shot(page, 'verification-02-still');
    await page.getByRole('button', { name: verification('send'), exact: true }).click();
    await page.getByText(verification('pending'), { exact: true }).waitFor();
    await shot(page, 'verification-03-pending');
    log('Amani sent her selfie');

    // Jo, a moderator, approves it from the queue.
    await grantRole(jo.username, 'moderator');
    await jo.page.goto('/moderation/verifications');
    await expectHeading(jo.page, verification('console.title'));
    const request = jo.page.getByRole('article', { name: 'Amani' });
    await request.getByRole('img', { name: verification('console.selfie'), exact: true }).waitFor();
    await shot(jo.page, 'verification-04-queue');
    await request.getByRole('button', { name: verification('console.approve'), exact: true }).click();
    await request.waitFor({ state: 'detached' });
    log('Jo approved it');

    // The badge shows on Amani's profile, and her own screen says she is verified.
    await bisi.page.goto(`/profile/${amani.id}`);
    await waitForPath(bisi.page, `/profile/${amani.id}`);
    await bisi.page.getByRole('img', { name: common('verifiedBadge'), exact: true }).waitFor();
    await shot(bisi.page, 'verification-05-badge');
    await page.reload();
    await page.getByText(verification('verified'), { exact: true }).waitFor();
    const me = await page.request.get('/api/users/profile');
    expect(((await me.json()) as { verified: boolean }).verified, 'Amani is verified').toBe(true);
    log('Bisi sees the badge on her profile');
  },
  { timeoutMs: 120_000 },
);

export const journeys: Journey[] = [verifies];
