/**
 * A member's first month in chat, on a phone (360x740, a touch screen; issue 26): a stranger's first
 * message waits in Requests until answered; a long press offers six reactions, and the other member
 * sees the one chosen at once; one's own photo, once viewed, has no "⋯" button showing beside it; a
 * two-button question keeps its buttons side by side on one row.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, journey, locale, shot } from '../fixtures.ts';
import { touchChatPair } from '../touch-chat.ts';

const firstMonth = journey(
  'a request folder, reactions, no stray menu button by a photo, and side-by-side dialog buttons on a phone',
  async ({ browser, baseUrl, log }) => {
    const thread = locale('en', 'thread');
    const chat = locale('en', 'chat');
    const attachments = locale('en', 'attachments');
    const { awa, kofi, phone, longPress } = await touchChatPair(browser, baseUrl);
    const composer = (page: Page) => page.getByLabel(thread('composer.label'), { exact: true });
    const send = (page: Page) => page.getByRole('button', { name: thread('composer.send'), exact: true });

    // Awa, whom Kofi has not matched with, writes first: Kofi finds her message among his requests.
    const hello = 'Hello Kofi, I saw you at the concert!';
    await awa.page.goto(`/conversations?user=${kofi.id}`);
    await awa.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const awaThread = awa.page.url();
    await composer(awa.page).fill(hello);
    await send(awa.page).click();
    await awa.page.getByText(hello, { exact: true }).waitFor();
    await phone.goto('/conversations');
    const requests = phone.getByRole('button', {
      name: chat('folders.requestsCount', { count: '1' }),
      exact: true,
    });
    await requests.waitFor();
    const awaRow = phone.getByRole('link', { name: /Awa/ });
    expect(await awaRow.count(), 'a request is not among the chats').toBe(0);
    await requests.tap();
    await awaRow.first().waitFor();
    await shot(phone, 'chat-first-month-01-requests');
    log("Awa's first message waits in Kofi's requests, counted");

    // A long press offers six reactions; Kofi's heart shows under Awa's bubble, on her screen at once.
    await awaRow.first().tap();
    await phone.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await phone.getByText(hello, { exact: true }).waitFor();
    await longPress(hello);
    const picker = phone.getByRole('group', { name: thread('reactions.label'), exact: true });
    const love = picker.getByRole('menuitem', { name: '❤️', exact: true });
    await love.waitFor();
    expect(await picker.getByRole('menuitem').count(), 'six reactions').toBe(6);
    await shot(phone, 'chat-first-month-02-reactions-menu');
    await love.tap();
    const summary = (page: Page, count: string) =>
      page.getByRole('img', { name: thread('reactions.summary', { list: `❤️ ${count}` }), exact: true });
    await summary(awa.page, '1').waitFor();
    await summary(phone, '1').waitFor();
    await shot(awa.page, 'chat-first-month-03-reaction-received');
    log("Kofi's reaction reached Awa live, under her bubble");

    // Kofi answers: the conversation leaves the requests for his chats.
    await composer(phone).fill('Yes, I was there!');
    await send(phone).tap();
    await awa.page.getByText('Yes, I was there!', { exact: true }).waitFor();
    await phone.goto('/conversations');
    await phone.getByRole('link', { name: /Awa/ }).first().waitFor();
    expect(await requests.count(), 'no request left').toBe(0);
    log('an answer moved the conversation to the chats');

    // Kofi sends a photo, views it and closes it: no "⋯" button shows beside his own bubble.
    await phone.goto(awaThread);
    await phone
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'stage.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7d2f4a' } })
          .jpeg({ quality: 80 })
          .toBuffer(),
      });
    await send(phone).tap();
    const openPhoto = phone.getByRole('button', {
      name: attachments('photo.open', { number: '1', count: '1' }),
      exact: true,
    });
    await openPhoto.waitFor();
    await awa.page
      .getByRole('button', { name: attachments('photo.open', { number: '1', count: '1' }) })
      .waitFor();
    await openPhoto.tap();
    const close = phone.getByRole('button', { name: attachments('photo.close'), exact: true });
    await close.tap();
    await close.waitFor({ state: 'hidden' });
    await phone.waitForTimeout(400);
    const more = phone
      .getByTestId('thread-item')
      .filter({ has: openPhoto })
      .getByRole('button', { name: thread('actions.open'), exact: true });
    const opacity = await more.evaluate((button) => getComputedStyle(button).opacity);
    await shot(phone, 'chat-first-month-04-own-photo');
    expect(opacity, 'the "⋯" beside his own photo stays hidden on a touch screen').toBe('0');
    log('no stray "⋯" beside his own photo once viewed');

    // Unsend asks first, in Romanian (the longest labels): Cancel and Unsend side by side, each half
    // of the row.
    const ro = locale('ro', 'thread');
    const switched = await phone.request.put('/api/users', { data: { language: 'ro' } });
    expect(switched.status(), 'PUT /api/users language').toBe(200);
    await phone.reload();
    await phone.getByLabel(ro('composer.label'), { exact: true }).waitFor();
    await phone.getByText('Yes, I was there!', { exact: true }).waitFor();
    const unsendItem = phone.getByRole('menuitem', { name: ro('actions.unsend'), exact: true });
    // The thread may still settle after the reload: press again until the menu is open.
    for (let tries = 0; tries < 3 && !(await unsendItem.isVisible()); tries += 1) {
      await longPress('Yes, I was there!');
      await unsendItem.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await unsendItem.tap();
    const dialog = phone.getByRole('dialog', { name: ro('actions.unsendTitle') });
    await dialog.waitFor();
    await phone.waitForTimeout(600);
    const cancelButton = dialog.getByRole('button', { name: ro('actions.cancel'), exact: true });
    const unsendButton = dialog.getByRole('button', { name: ro('actions.unsend'), exact: true });
    const [cancel, unsend] = await Promise.all([cancelButton.boundingBox(), unsendButton.boundingBox()]);
    await shot(phone, 'chat-first-month-05-confirm');
    if (!cancel || !unsend) throw new Error('the dialog buttons are not on screen');
    const middle = (box: { y: number; height: number }) => Math.round(box.y + box.height / 2);
    expect(middle(cancel), 'Cancel and Unsend on one row').toBe(middle(unsend));
    expect(cancel.x < unsend.x, 'Cancel first').toBe(true);
    expect(Math.abs(cancel.width - unsend.width) <= 2, 'each half of the row').toBe(true);
    await unsendButton.tap();
    await awa.page.getByText(thread('bubble.removed'), { exact: true }).first().waitFor();
    log('the unsend question keeps its two buttons on one row');
  },
);

export const journeys = [firstMonth];
