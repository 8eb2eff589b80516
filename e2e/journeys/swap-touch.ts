/**
 * The swap card with a finger (360x740, a touch screen): a member with three photos and a long name is
 * on top of the deck; taps on the right and left halves of the photo move through the photos and the
 * dots follow, the bio line and the age show whole, the round pass and like buttons are of one size at
 * the foot of the screen with no empty band under them, and a like that makes a match opens the
 * full-screen celebration, whose way back says "Keep swiping". On home, the long name is cut before
 * the age. Real taps (page.touchscreen.tap: touch events, then the pointer events and click they make).
 */
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { expect, journey, locale, newMemberPage, shot, signedUpMember } from '../fixtures.ts';

const LONG_NAME = 'Kwabena-Oluwaseun';
/** More than the members every journey signs up together. */
const SWAP_PASSES_MAX = 60;
const ABOUT = 'Teacher in Gombe. Rumba on Saturdays, long walks by the river, Sunday lunch with friends.';

/** A plain photo of one colour, made on the spot (each photo of the member a colour of its own). */
const photoOf = (background: string) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

/** Which dot is drawn as current, and the photo the card shows (its id is in the file's URL). */
async function shown(card: Locator) {
  const current = await card
    .locator('[data-photo-dots] > *')
    .evaluateAll((dots) => dots.findIndex((dot) => dot.hasAttribute('data-current')));
  const src = await card
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
  return { current, src };
}

/**
 * The blank a cut name leaves between its "…" and the end of its box (0 when the name shows whole):
 * the browser draws the ellipsis after the last letter that fits with it, the rest of the box is empty.
 */
async function blankAfterEllipsis(name: Locator) {
  return name.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (element.scrollWidth <= element.clientWidth) return 0;
    const { fontFamily, fontSize, fontStyle, fontWeight } = getComputedStyle(element);
    const probe = document.createElement('span');
    Object.assign(probe.style, { fontFamily, fontSize, fontStyle, fontWeight, position: 'absolute' });
    probe.textContent = '…';
    document.body.append(probe);
    const ellipsis = probe.getBoundingClientRect().width;
    probe.remove();
    const text = element.firstChild!;
    const range = document.createRange();
    range.setStart(text, 0);
    let end = box.left;
    for (let i = 1; i <= (text.textContent ?? '').length; i += 1) {
      range.setEnd(text, i);
      const right = range.getBoundingClientRect().right;
      if (right + ellipsis > box.right + 0.01) break;
      end = right;
    }
    return Math.round((box.right - (end + ellipsis)) * 10) / 10;
  });
}

/** Whether each element lies whole between the top of the screen and the tab bar, with no scroll. */
async function fullyShown(page: Page, locators: Locator[]) {
  const scrolled = await page.evaluate(() => window.scrollY);
  const viewport = page.viewportSize();
  const tabBar = await box(page.locator('.mantine-AppShell-footer'));
  const bottom = Math.min(tabBar.y, viewport?.height ?? 0);
  const shown: boolean[] = [];
  for (const locator of locators) {
    const found = await box(locator);
    shown.push(scrolled === 0 && found.y >= 0 && found.y + found.height <= bottom);
  }
  return shown;
}

const swapTouch = journey(
  'a finger leafs through the swap card photos, the buttons sit at the thumb, a like opens the match screen',
  async ({ browser, baseUrl, log }) => {
    const disco = locale('en', 'discovery');
    const ama = await signedUpMember(browser, baseUrl, { firstName: 'Ama', sex: 'female', likes: ['male'] });
    const kwabena = await signedUpMember(browser, baseUrl, {
      firstName: LONG_NAME,
      sex: 'male',
      likes: ['female'],
    });

    // Kwabena: three photos (the first his avatar), a bio, and a like for Ama.
    const photoIds: string[] = [];
    for (const colour of ['#b5563f', '#3f7cb5', '#4fa35a']) {
      const uploaded = await kwabena.page.request.post('/api/photos', {
        multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoOf(colour) } },
      });
      expect(uploaded.status(), 'POST /api/photos').toBe(201);
      photoIds.push(((await uploaded.json()) as { _id: string })._id);
    }
    const avatar = await kwabena.page.request.put('/api/users/avatar', { data: { photo: photoIds[0] } });
    expect(avatar.status(), 'PUT /api/users/avatar').toBe(200);
    const profile = await kwabena.page.request.put('/api/users/profile', {
      data: { firstName: LONG_NAME, dateOfBirth: kwabena.dateOfBirth, sex: 'male', about: ABOUT },
    });
    expect(profile.status(), 'PUT /api/users/profile').toBe(200);
    const liked = await kwabena.page.request.post('/api/rate/user', { data: { user: ama.id, score: 5 } });
    expect(liked.status(), 'POST /api/rate/user').toBe(200);
    // The deck shows the avatar first, then the newest others.
    const expectedOrder = [photoIds[0]!, photoIds[2]!, photoIds[1]!];
    log('Kwabena has three photos, a bio and likes Ama');

    // Ama on a phone: a touch screen, her session carried over.
    const phone: Page = await newMemberPage(browser, {
      hasTouch: true,
      isMobile: true,
      storageState: await ama.page.context().storageState(),
    });
    await phone.goto('/swap');
    // Other journeys' members share the server: Ama passes them until Kwabena is on top. Every man
    // another journey signs up may be in her deck first (the posts journey added three; 12 passes
    // ran out in a CI run, Cedric of the discovery journey still on top), so she may pass them all.
    const top = phone.getByRole('group', { name: /, \d+$/ }).first();
    for (let i = 0; i < SWAP_PASSES_MAX; i += 1) {
      await top.waitFor();
      const label = (await top.getAttribute('aria-label')) ?? '';
      if (label.startsWith(`${LONG_NAME},`)) break;
      // That very card must leave: the next one may bear the same name and age (two journeys' Kofi, 32).
      const passed = await top.elementHandle();
      await phone.getByRole('button', { name: disco('swap.pass'), exact: true }).tap();
      await phone.waitForFunction((element) => !element?.isConnected, passed);
    }
    const card = phone.getByRole('group', { name: new RegExp(`^${LONG_NAME}, \\d+$`) });
    await card.waitFor();
    expect(await card.locator('[data-photo-dots] > *').count(), 'dots').toBe(3);
    const first = await shown(card);
    expect(first.current, 'the first dot').toBe(0);
    expect(first.src, 'the avatar first').toContain(expectedOrder[0]!);
    await shot(phone, 'swap-touch-01-card');

    // Taps on the photo's right half go forward, on its left half back; the dots follow.
    const frame = await box(card);
    const right = { x: frame.x + frame.width * 0.8, y: frame.y + frame.height * 0.4 };
    const left = { x: frame.x + frame.width * 0.2, y: frame.y + frame.height * 0.4 };
    for (const [at, index] of [
      [right, 1],
      [right, 2],
      [left, 1],
    ] as const) {
      await phone.touchscreen.tap(at.x, at.y);
      await phone.waitForFunction(
        (want) =>
          document
            .querySelector('[data-photo-dots] > [data-current]')
            ?.parentElement?.children[want]?.hasAttribute('data-current'),
        index,
      );
      const now = await shown(card);
      expect(now.current, `dot after a tap (${index})`).toBe(index);
      expect(now.src, `photo ${index + 1} shown`).toContain(expectedOrder[index]!);
    }
    // A tap is not a decision: Kwabena is still on top.
    expect(await card.count(), 'the card after taps').toBe(1);
    await shot(phone, 'swap-touch-02-second-photo');
    log('taps on the right and left of the photo move through the photos, the dots follow');

    // The bio line and the whole age on the card.
    await card.getByText(ABOUT).waitFor();
    const age = await box(card.locator('[data-age]').first());
    expect(age.x + age.width <= frame.x + frame.width, 'the age inside the card').toBe(true);
    // The cut name's "…" is followed by the comma, with no blank between them.
    const cardBlank = await blankAfterEllipsis(card.locator('[data-name]').first());
    expect(cardBlank <= 1, `blank after the card's cut name (${cardBlank}px)`).toBe(true);

    // Pass and like: round, of one size, at the thumb; no empty band under them (the tab bar follows).
    const pass = await box(phone.getByRole('button', { name: disco('swap.pass'), exact: true }));
    const like = await box(phone.getByRole('button', { name: disco('swap.like'), exact: true }));
    expect([pass.width, pass.height], 'pass size').toEqual([like.width, like.height]);
    expect(pass.width >= 56 && pass.width === pass.height, `round buttons of ${pass.width}px`).toBe(true);
    const tabBar = await box(phone.locator('.mantine-AppShell-footer'));
    const band = tabBar.y - (like.y + like.height);
    expect(band >= 0 && band <= 24, `space between the buttons and the tab bar (${band}px)`).toBe(true);
    const gap = like.y - (frame.y + frame.height);
    expect(gap >= 0 && gap <= 24, `space between the card and the buttons (${gap}px)`).toBe(true);
    log(`buttons ${pass.width}px round, ${band}px above the tab bar, ${gap}px below the card`);

    // On a shorter phone (360x640) both buttons and the card's gesture hint show whole above the tab
    // bar without a scroll: the deck leaves room for the header over it as for the tab bar under it.
    await phone.setViewportSize({ width: 360, height: 640 });
    await card.waitFor();
    const short = await fullyShown(phone, [
      phone.getByRole('button', { name: disco('swap.pass'), exact: true }),
      phone.getByRole('button', { name: disco('swap.like'), exact: true }),
      phone.locator('#swap-how'),
    ]);
    expect(short, 'the buttons and the hint at 360x640, above the tab bar, not scrolled').toEqual([
      true,
      true,
      true,
    ]);
    await shot(phone, 'swap-touch-02b-short-phone');
    await phone.setViewportSize({ width: 360, height: 740 });
    log('at 360x640 the buttons and the hint show whole above the tab bar');

    // Ama likes him with a tap: the match screen, full screen, offers to keep swiping.
    await phone.getByRole('button', { name: disco('swap.like'), exact: true }).tap();
    const dialog = phone.getByRole('dialog', { name: disco('match.title') });
    await dialog.waitFor();
    // Its laid-out size (offsetWidth and offsetHeight: the opening animation's scale aside).
    const fills = await dialog.evaluate(
      (el: HTMLElement) => el.offsetWidth >= window.innerWidth && el.offsetHeight >= window.innerHeight,
    );
    expect(fills, 'the match screen fills the screen').toBe(true);
    await dialog.getByRole('link', { name: disco('match.message'), exact: true }).waitFor();
    await shot(phone, 'swap-touch-03-match');
    await dialog.getByRole('button', { name: disco('match.keepSwiping'), exact: true }).tap();
    await dialog.waitFor({ state: 'detached' });
    log('a like makes the match: the full-screen celebration, "Keep swiping" back to the deck');

    // Home: the long name is cut before the age, which shows whole inside the card.
    await phone.goto('/home');
    const homeCard = phone
      .getByRole('link')
      .filter({ hasText: new RegExp(`^${LONG_NAME}, \\d+`) })
      .first();
    await homeCard.waitFor();
    const cardBox = await box(homeCard);
    const homeAge = await box(homeCard.locator('[data-age]'));
    expect(
      homeAge.x >= cardBox.x && homeAge.x + homeAge.width <= cardBox.x + cardBox.width + 0.5,
      'age in the card',
    ).toBe(true);
    const cut = await homeCard.locator('[data-name]').evaluate((el) => el.scrollWidth > el.clientWidth);
    // Read once the page has settled: the name is fitted again as the card's styles arrive (4.1 px
    // read at once in a loaded CI run, none in its screenshot a moment later).
    let homeBlank = await blankAfterEllipsis(homeCard.locator('[data-name]'));
    for (let tries = 0; homeBlank > 1 && tries < 20; tries += 1) {
      await phone.waitForTimeout(100);
      homeBlank = await blankAfterEllipsis(homeCard.locator('[data-name]'));
    }
    expect(homeBlank <= 1, `blank after the home card's cut name (${homeBlank}px)`).toBe(true);
    // Every card's activity line shows whole, on the narrow cards of a row too.
    const activityCut = await phone
      .locator('main a [data-activity]')
      .evaluateAll((lines) =>
        lines.filter((line) => line.scrollWidth > line.clientWidth).map((line) => line.textContent),
      );
    expect(activityCut, 'activity lines cut on the home cards').toEqual([]);
    await homeCard.scrollIntoViewIfNeeded();
    await shot(phone, 'swap-touch-04-home');
    log(`home: the age shows whole beside the name${cut ? ', which is cut' : ''}`);

    // A fresh load of home opens at its top, wherever the page that came before was scrolled to.
    await phone.evaluate(() => window.scrollTo(0, 600));
    await phone.waitForFunction(() => window.scrollY > 0);
    await phone.goto('/home');
    await homeCard.waitFor();
    expect(await phone.evaluate(() => window.scrollY), 'scroll offset of a fresh home').toBe(0);

    // Kwabena, in French, opens the chat with his new match: the header's activity line is read whole.
    await phone.context().close();
    const thread = locale('fr', 'thread');
    expect(
      (await kwabena.page.request.put('/api/users', { data: { language: 'fr' } })).status(),
      'PUT /api/users',
    ).toBe(200);
    await kwabena.page.goto(`/conversations?user=${ama.id}`);
    await kwabena.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const status = kwabena.page.locator('header [data-presence]');
    await status.waitFor();
    expect(await status.textContent(), 'activity').toBe(thread('header.activeToday'));
    const whole = await status.evaluate(
      (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
    );
    expect(whole, 'the activity line is not cut').toBe(true);
    await shot(kwabena.page, 'swap-touch-05-thread-header-fr');
    log('the thread header says her activity whole, in French');
  },
  { timeoutMs: 150_000 },
);

export const journeys = [swapTouch];
