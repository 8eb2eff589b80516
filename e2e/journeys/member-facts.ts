/**
 * A member's facts under the name, on a phone in French, where they are longest: "En ligne il y a un
 * moment" and "à plus de 500 km". On the swap deck's top card and on the profile it opens, each fact
 * shows whole, and a dot between two facts only where both are on its line: none left at a line's
 * end when the distance goes to the next. The member's activity and distance are set in the answers
 * the page gets (every member of a journey is online and near). And on home's row cards, of a fixed
 * width, in each language: "la mai puțin de 500 km" was cut to "la mai puțin de 5…" in Romanian.
 */
import { scrollTo } from '../scroll-to.ts';
import type { Page } from 'playwright-core';
import { DISTANCE_FAR } from '@motema/shared/discovery';
import { expect, journey, locale, newMemberPage, shot, signedUpMember, type Journey } from '../fixtures.ts';

type Facts = { activity: string; distance: number };
const FAR_AND_LONG_AGO: Facts = { activity: 'earlier', distance: DISTANCE_FAR };

/** Every member in the deck's and the profile's answers last seen a while ago and far away. */
async function answerFarAndLongAgo(page: Page) {
  await page.route(/\/api\/users\?.*unrated=true/, async (route) => {
    const answer = (await (await route.fetch()).json()) as { users: object[] };
    await route.fulfill({
      json: { ...answer, users: answer.users.map((user) => ({ ...user, ...FAR_AND_LONG_AGO })) },
    });
  });
  await page.route(/\/api\/users\/[0-9a-f-]{36}$/, async (route) => {
    const answer = (await (await route.fetch()).json()) as object;
    await route.fulfill({ json: { ...answer, ...FAR_AND_LONG_AGO } });
  });
}

/**
 * The facts lines under `scope`: the facts cut, and the dots shown (not clipped by their box) without
 * a fact on each side of them on their line.
 */
async function factsLines(page: Page, scope: string) {
  return page
    .locator(`${scope} [data-activity]`)
    .first()
    .evaluate((activity) => {
      let line: HTMLElement = activity.parentElement!;
      while (line.parentElement && !line.textContent!.includes('km')) line = line.parentElement;
      const texts = [...line.querySelectorAll<HTMLElement>('p, span')].filter(
        (element) => element.children.length === 0 && element.textContent!.trim() !== '',
      );
      const cut = texts
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent);
      // Where the line's box clips what it holds (a dot outside it is not shown).
      let clip: HTMLElement = line;
      while (clip.parentElement && getComputedStyle(clip).overflow !== 'hidden') clip = clip.parentElement;
      const box = clip.getBoundingClientRect();
      const dotsAlone = texts
        .map((element, index) => ({ element, index, rect: element.getBoundingClientRect() }))
        .filter(({ element, rect }) => element.textContent!.trim() === '·' && rect.right > box.left + 1)
        .filter(({ index, rect }) =>
          // A dot alone: the fact before it or the one after it is not on its line.
          [texts[index - 1], texts[index + 1]].some(
            (neighbour) => !neighbour || Math.abs(neighbour.getBoundingClientRect().top - rect.top) >= 4,
          ),
        )
        .map(({ index }) => `${texts[index - 1]?.textContent} · ${texts[index + 1]?.textContent}`);
      return { text: line.innerText.replace(/\s+/g, ' '), cut, dotsAlone };
    });
}

const memberFacts: Journey = journey(
  "a member's activity and distance, long in French, each whole on the swap card and the profile",
  async ({ browser, baseUrl, log }) => {
    const disco = locale('fr', 'discovery');
    const viewer = await signedUpMember(browser, baseUrl, {
      firstName: 'Olivier',
      sex: 'male',
      likes: ['female'],
    });
    await signedUpMember(browser, baseUrl, { firstName: 'Amina', sex: 'female', likes: ['male'] });
    expect(
      (await viewer.page.request.put('/api/users', { data: { language: 'fr' } })).status(),
      'PUT /api/users',
    ).toBe(200);
    const page = await newMemberPage(browser, { locale: 'fr-FR', hasTouch: true, isMobile: true });
    await page.context().addCookies(await viewer.page.context().cookies());
    await answerFarAndLongAgo(page);

    await page.goto('/swap');
    const card = page.getByRole('group', { name: /, \d+/ }).first();
    await card.waitFor();
    const onCard = await factsLines(page, '[role="group"]');
    expect(onCard.text, 'the card says it').toContain(disco('activity.earlier'));
    expect(onCard.cut, `facts cut on the swap card (${onCard.text})`).toEqual([]);
    expect(onCard.dotsAlone, `dots alone on their line on the swap card (${onCard.text})`).toEqual([]);
    await shot(page, 'member-facts-01-card');

    await card.locator('a[href^="/profile/"]').first().tap();
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
    await page.locator('main h1').waitFor();
    const onProfile = await factsLines(page, 'main');
    expect(onProfile.text, 'the profile says it').toContain(disco('activity.earlier'));
    expect(onProfile.cut, `facts cut on the profile (${onProfile.text})`).toEqual([]);
    expect(onProfile.dotsAlone, `dots alone on their line on the profile (${onProfile.text})`).toEqual([]);
    await shot(page, 'member-facts-02-profile');
    log(`card: "${onCard.text}"; profile: "${onProfile.text}"`);
  },
);

/** The texts cut in home's row cards (a fixed width: features/discovery/member-card.tsx). */
function cutInRowCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main ul a[href^="/profile/"]')].flatMap((card) =>
      [...card.querySelectorAll<HTMLElement>('p, span, div')]
        .filter((element) => element.children.length === 0 && element.textContent!.trim() !== '')
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent!),
    ),
  );
}

const rowCardFacts: Journey = journey(
  "home's row cards say a member's activity and distance whole, in each language, where longest",
  async ({ browser, baseUrl, log }) => {
    const viewer = await signedUpMember(browser, baseUrl, {
      firstName: 'Radu',
      sex: 'male',
      likes: ['female'],
    });
    await signedUpMember(browser, baseUrl, { firstName: 'Ioana', sex: 'female', likes: ['male'] });
    const page = await newMemberPage(browser, { hasTouch: true, isMobile: true });
    await page.context().addCookies(await viewer.page.context().cookies());
    // Home's lists as the app asks for them (not painted by the server: it is reached from the tabs).
    await page.route(/\/api\/users\?.*filter=/, async (route) => {
      const answer = (await (await route.fetch()).json()) as { users: object[] };
      const longest = { activity: 'week', distance: DISTANCE_FAR - 1 };
      await route.fulfill({
        json: { ...answer, users: answer.users.map((user) => ({ ...user, ...longest })) },
      });
    });
    for (const language of ['en', 'fr', 'ro'] as const) {
      const common = locale(language, 'common');
      const disco = locale(language, 'discovery');
      const put = await viewer.page.request.put('/api/users', { data: { language } });
      expect(put.status(), 'PUT /api/users').toBe(200);
      await page.goto('/swap');
      const tabs = page.getByRole('navigation', { name: common('nav.main') }).last();
      await tabs.getByRole('link', { name: common('nav.home'), exact: true }).tap();
      await page.waitForURL(/\/home$/);
      // Rows are asked for as they come near the screen ("online now" may be empty): she scrolls.
      const distance = page.locator('main ul a[href^="/profile/"]').getByText(/500/).first();
      await scrollTo(page, distance);
      const km = new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer' }).format(500);
      expect(await distance.textContent(), 'the longest distance').toBe(
        disco('distance.lessThan', { distance: km }),
      );
      expect(await cutInRowCards(page), `texts cut in home's row cards (${language})`).toEqual([]);
      await shot(page, `member-facts-03-home-${language}`);
      log(`${language}: "${await distance.textContent()}" whole`);
    }
    // Home may still be asking for a list as the journey ends: its page closes without that answer.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
);

export const journeys = [memberFacts, rowCardFacts];
