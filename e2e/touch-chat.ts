import type { Browser, CDPSession, Page } from 'playwright-core';
import { newMemberPage, signedUpMember } from './fixtures.ts';

/** Chat on a touch screen: Awa at a desk, Kofi on a phone, one finger on his screen. */

type Point = { x: number; y: number };

/** One finger's touches, dispatched as the touch screen would (touchstart, moves, touchend). */
function finger(cdp: CDPSession) {
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Point) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at ? [{ x: at.x, y: at.y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] : [],
    });
  return {
    async press(at: Point, holdMs: number) {
      await touch('touchStart', at);
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      await touch('touchEnd');
    },
    /** Drags right by `dx`; `whileHeld` runs before the finger lifts. */
    async drag(from: Point, dx: number, whileHeld?: () => Promise<void>) {
      const steps = 12;
      await touch('touchStart', from);
      for (let step = 1; step <= steps; step += 1) {
        await touch('touchMove', { x: from.x + (dx * step) / steps, y: from.y });
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
      await whileHeld?.();
      await touch('touchEnd');
    },
  };
}

/**
 * The middle of the thread's message reading `text`, once it has stayed in place for 100 ms: a message
 * shown a moment ago may still move (the lines drawn above it, the list brought to its end), and a
 * finger put where it was lands beside it.
 */
export async function centreOf(page: Page, text: string): Promise<Point> {
  const message = page.getByTestId('thread-item').getByText(text, { exact: true });
  let box = await message.boundingBox();
  for (let turn = 0; turn < 30; turn += 1) {
    await page.waitForTimeout(100);
    const now = await message.boundingBox();
    if (box && now && now.x === box.x && now.y === box.y && now.height === box.height) break;
    box = now;
  }
  if (!box) throw new Error(`"${text}" is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Awa and Kofi signed up (each wanting the other's sex), and Kofi's session carried over to a phone
 * (a touch screen, mobile emulation) with a finger on it: real touch events, through DevTools.
 */
export async function touchChatPair(browser: Browser, baseUrl: string) {
  const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
  const kofi = await signedUpMember(browser, baseUrl, { firstName: 'Kofi', sex: 'male', likes: ['female'] });
  const phone = await newMemberPage(browser, {
    hasTouch: true,
    isMobile: true,
    storageState: await kofi.page.context().storageState(),
  });
  const hand = finger(await phone.context().newCDPSession(phone));
  /** A long press on the message reading `text`. */
  const longPress = async (text: string) => hand.press(await centreOf(phone, text), 800);
  return { awa, kofi, phone, hand, longPress };
}
