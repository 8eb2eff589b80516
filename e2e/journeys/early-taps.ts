/**
 * A tap before the app has taken a painted page over is not lost (build/painted-start.ts). Kofi opens
 * a public zone; Awa opens it on a slow phone, whose app code is held back two seconds, and taps
 * "Join the zone" at once, on the page the server painted: once the app has the page, the tap is
 * given to the button again, and she is a member.
 */
import { expect, journey, locale, newMemberPage, signedUpMember, type Journey } from '../fixtures.ts';
import { appTookOver, hasTakenOver } from '../app-took-over.ts';

/** How long the app's entry is held back, so that the tap surely comes before the takeover. */
const CODE_HELD_MS = 2000;

const earlyTap: Journey = journey(
  'a tap on a painted zone before the app has it joins the zone',
  async ({ browser, baseUrl, log }) => {
    const zones = locale('en', 'zones');
    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    const opened = await kofi.page.request.post('/api/zones', {
      data: { title: 'Early walkers', name: `early${Date.now() % 100_000}`, access: 'public' },
    });
    expect(opened.status(), 'POST /api/zones').toBe(201);
    const zone = (await opened.json()) as { _id: string };

    const page = await newMemberPage(browser);
    await page.context().addCookies(await awa.page.context().cookies());
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, CODE_HELD_MS));
      await route.continue();
    });
    await page.goto(`/zone/${zone._id}`);
    const join = page.getByRole('button', { name: zones('action.join'), exact: true });
    await join.click();
    expect(await hasTakenOver(page), 'the app had the page before the tap').toBe(false);
    log('Awa tapped "Join the zone" on the painted page, before the app had it');
    await appTookOver(page);
    await page.getByRole('button', { name: zones('action.leave'), exact: true }).waitFor();
    const members = await kofi.page.request.get(`/api/zones/${zone._id}/members`);
    expect(JSON.stringify(await members.json()), "the zone's members").toContain(awa.id);
    log('once the app had the page, the tap joined the zone');
    await page.context().close();
  },
);

export const journeys: Journey[] = [earlyTap];
