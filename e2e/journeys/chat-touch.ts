/**
 * Chat with a finger (360x740, a touch screen): a long press opens a message's menu, which stays open
 * once the finger lifts; dragging a message to the right answers it (the composer shows the reply
 * banner, the bubble springs back). Real touch events, through the DevTools protocol.
 */
import type { Page } from 'playwright-core';
import { expect, journey, locale, shot } from '../fixtures.ts';
import { centreOf, touchChatPair } from '../touch-chat.ts';

const touchChat = journey(
  'a long press opens a message menu that stays open, and a swipe answers a message',
  async ({ browser, baseUrl, log }) => {
    const thread = locale('en', 'thread');
    const safety = locale('en', 'safety');
    // Kofi on a phone: a touch screen, his session carried over.
    const { awa, kofi, phone, hand } = await touchChatPair(browser, baseUrl);

    await awa.page.goto(`/conversations?user=${kofi.id}`);
    await awa.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const composer = (page: Page) => page.getByLabel(thread('composer.label'), { exact: true });
    await composer(awa.page).fill('Are you coming to the concert on Saturday?');
    await awa.page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
    await awa.page.getByText('Are you coming to the concert on Saturday?', { exact: true }).waitFor();
    await phone.goto(awa.page.url());
    await phone.getByText('Are you coming to the concert on Saturday?', { exact: true }).waitFor();
    log("Kofi's phone shows Awa's message");

    // A long press opens the menu; lifting the finger leaves it open.
    const pressed = await centreOf(phone, 'Are you coming to the concert on Saturday?');
    await hand.press(pressed, 800);
    const reply = phone.getByRole('menuitem', { name: thread('actions.reply'), exact: true });
    await reply.waitFor().catch(async (error: unknown) => {
      // Where the finger was, and what is there now: the message, or what moved under it.
      const now = await centreOf(phone, 'Are you coming to the concert on Saturday?');
      const under = await phone.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 200) ?? 'nothing',
        pressed,
      );
      throw new Error(
        `${String(error)}\npressed at ${JSON.stringify(pressed)}, the message's middle now ${JSON.stringify(now)}; there now: ${under}`,
      );
    });
    await phone.waitForTimeout(600);
    expect(await reply.isVisible(), 'the menu is still open after the finger lifted').toBe(true);
    await shot(phone, 'chat-touch-01-long-press-menu');
    log('the long-press menu stays open after the finger lifts');
    await phone.keyboard.press('Escape');
    await reply.waitFor({ state: 'hidden' });

    // Dragging the message to the right, past the threshold: the composer answers it.
    const message = 'Are you coming to the concert on Saturday?';
    const from = await centreOf(phone, message);
    const banner = phone.getByText(thread('composer.replyingTo', { name: '\u2068Awa\u2069' }), {
      exact: true,
    });
    await hand.drag(from, 40);
    await phone.waitForTimeout(400);
    expect(await banner.count(), 'a short drag answers nothing').toBe(0);
    await hand.drag(from, 110, async () => {
      const held = await centreOf(phone, message);
      expect(Math.round(held.x - from.x) > 60, 'the bubble follows the finger').toBe(true);
      await shot(phone, 'chat-touch-02-swiping');
    });
    await banner.waitFor();
    await phone.waitForTimeout(400);
    const back = await centreOf(phone, message);
    expect(Math.round(back.x), 'the bubble sprang back').toBe(Math.round(from.x));
    expect(await reply.count(), 'no menu opened by the swipe').toBe(0);
    await shot(phone, 'chat-touch-03-swipe-reply');
    await composer(phone).fill('Yes! I will be there at eight.');
    await phone.getByRole('button', { name: thread('composer.send'), exact: true }).tap();
    await awa.page.getByText('Yes! I will be there at eight.', { exact: true }).waitFor();
    const quoted = awa.page.locator('[data-testid="thread-item"]', {
      hasText: 'Yes! I will be there at eight.',
    });
    expect(
      await quoted.locator(`button[title="${thread('bubble.showOriginal')}"]`).count(),
      'the answer quotes the message',
    ).toBe(1);
    await shot(awa.page, 'chat-touch-04-reply-received');
    log('a swipe to the right answered the message, which Awa received as a reply');

    // Past 4,000 characters nothing is cut: the count says by how much, and the send waits.
    const long = `${'Saturday night! '.repeat(250)}Sunday`;
    await composer(phone).fill(long);
    await phone.getByText('4,006 / 4,000', { exact: true }).waitFor();
    expect(await composer(phone).inputValue(), 'the text is whole').toBe(long);
    expect(
      await phone.getByRole('button', { name: thread('composer.send'), exact: true }).isDisabled(),
      'no send over the limit',
    ).toBe(true);
    await shot(phone, 'chat-touch-05-over-the-limit');
    await composer(phone).fill('');
    log('a message over 4,000 characters is counted, kept whole and not sent');

    // Kofi blocks Awa from the thread's menu: he is back on his conversations, and Awa's open thread
    // becomes unavailable, with no "Online" left for either.
    await awa.page.getByText(thread('header.online'), { exact: true }).waitFor();
    await phone.getByRole('button', { name: thread('header.menu'), exact: true }).tap();
    await phone.getByRole('menuitem', { name: safety('menu.block'), exact: true }).tap();
    await phone.getByRole('button', { name: safety('block.confirm', { name: 'Awa' }), exact: true }).tap();
    await phone.waitForURL(/\/conversations$/);
    await awa.page.getByRole('heading', { name: thread('unavailable.title'), exact: true }).waitFor();
    expect(
      await awa.page.getByText(thread('header.online'), { exact: true }).count(),
      'Awa sees no presence',
    ).toBe(0);
    await shot(awa.page, 'chat-touch-06-blocked-other-side');
    log('a block from the thread menu takes the conversation and its presence away from both');
  },
);

export const journeys = [touchChat];
