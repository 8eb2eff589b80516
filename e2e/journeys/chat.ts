/**
 * Chat on phones (360x740), two members in two browser contexts: Awa starts a chat from the match
 * link, they write both ways, Awa sends a photo and a voice note (Chromium's fake microphone), then
 * goes offline, writes three messages, reloads the page while still offline (the service worker serves
 * the app, the messages wait in IndexedDB), comes back online, and Kofi gets each of the three once;
 * a text with a direction override is refused before it is sent.
 * Labels are read from the app's own translation files.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import {
  expect,
  journey,
  locale,
  shot,
  signedUpMember,
  type Journey,
  type SignedUpMember,
  waitUntilKeptForOffline,
} from '../fixtures.ts';

type StoredMessage = { _id: string; seq: number; text: string | null; files: { type: string }[] };

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f7d6d' } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Every message of the conversation as the server holds it for this member, oldest first. */
async function storedMessages(member: SignedUpMember, conversationId: string): Promise<StoredMessage[]> {
  const response = await member.page.request.get(`/api/conversations/${conversationId}/messages?limit=200`);
  expect(response.status(), 'GET messages').toBe(200);
  return ((await response.json()) as { messages: StoredMessage[] }).messages;
}

function conversationIdOf(page: Page): string {
  const match = /^\/messages\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not on a thread: ${page.url()}`);
  return match[1]!;
}

const chat = journey(
  'two members chat both ways with a photo and a voice note, and messages written offline arrive once',
  async ({ browser, baseUrl, log }) => {
    const thread = locale('en', 'thread');
    const chat = locale('en', 'chat');
    const attachments = locale('en', 'attachments');
    const validation = locale('en', 'validation');

    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    log('two members signed up');

    const composer = (page: Page) => page.getByLabel(thread('composer.label'), { exact: true });
    const send = async (page: Page, text: string) => {
      await composer(page).fill(text);
      await page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
      await page.getByText(text, { exact: true }).waitFor();
    };

    // Awa starts the chat the way the match screen does, and writes first.
    await awa.page.goto(`/conversations?user=${kofi.id}`);
    await awa.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationId = conversationIdOf(awa.page);
    await send(awa.page, 'Hello Kofi, how is Douala today?');
    log('Awa started the chat and wrote first');

    // Kofi opens his conversations, finds the unread message among his requests (he has not matched
    // Awa nor answered her yet), opens the thread and answers.
    await kofi.page.goto('/conversations');
    await kofi.page
      .getByRole('button', { name: chat('folders.requestsCount', { count: '1' }), exact: true })
      .click();
    await kofi.page.getByText('Hello Kofi, how is Douala today?').waitFor();
    await shot(kofi.page, 'chat-01-conversations-kofi');
    await kofi.page.goto(`/messages/${conversationId}`);
    await kofi.page.getByText('Hello Kofi, how is Douala today?', { exact: true }).waitFor();
    await send(kofi.page, 'Hi Awa! Sunny and hot.');
    await awa.page.getByText('Hi Awa! Sunny and hot.', { exact: true }).waitFor();
    // Kofi had the thread open: Awa's first message shows as read.
    await awa.page.getByLabel(thread('bubble.read'), { exact: true }).first().waitFor();
    log('messages went both ways in real time; the first one shows as read');

    // Awa sends a photo; Kofi sees it.
    await awa.page.locator('input[type=file]').setInputFiles({
      name: 'beach.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await awa.page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
    await kofi.page
      .getByRole('button', { name: attachments('photo.open', { number: '1', count: '1' }), exact: true })
      .waitFor();
    log('a photo went through');

    // Awa records a voice note with the fake microphone; Kofi gets a player.
    await awa.page.getByRole('button', { name: attachments('recorder.record'), exact: true }).click();
    await awa.page.getByRole('group', { name: attachments('recorder.recording'), exact: true }).waitFor();
    await awa.page.waitForTimeout(1500);
    await awa.page.getByRole('button', { name: attachments('recorder.send'), exact: true }).click();
    await kofi.page
      .getByRole('button', { name: attachments('player.play', { what: attachments('player.voice') }) })
      .first()
      .waitFor();
    await shot(kofi.page, 'chat-02-thread-kofi');
    const files = (await storedMessages(kofi, conversationId)).flatMap((message) =>
      message.files.map((file) => file.type),
    );
    expect(files, 'files stored').toEqual(['photo', 'voice']);
    log('a voice note went through');

    // Awa goes offline, writes three messages, reloads while offline, then comes back online.
    const offlineTexts = ['One, sent on the bus', 'Two, still no network', 'Three, almost home'];
    const before = (await storedMessages(kofi, conversationId)).length;
    await waitUntilKeptForOffline(awa.page);
    await awa.page.context().setOffline(true);
    for (const text of offlineTexts) await send(awa.page, text);
    await awa.page.getByLabel(thread('bubble.sending'), { exact: true }).first().waitFor();
    expect(
      (await storedMessages(kofi, conversationId)).length,
      'nothing reached the server while offline',
    ).toBe(before);
    await awa.page.reload();
    for (const text of offlineTexts) await awa.page.getByText(text, { exact: true }).waitFor();
    await shot(awa.page, 'chat-03-offline-awa');
    log('three messages wait in the browser across a reload while offline');

    await awa.page.context().setOffline(false);
    for (const text of offlineTexts) await kofi.page.getByText(text, { exact: true }).waitFor();
    const after = await storedMessages(kofi, conversationId);
    for (const text of offlineTexts) {
      expect(after.filter((message) => message.text === text).length, `"${text}" stored`).toBe(1);
      expect(await kofi.page.getByText(text, { exact: true }).count(), `"${text}" on Kofi's screen`).toBe(1);
    }
    const seqs = after.map((message) => message.seq);
    expect(seqs, 'sequence numbers').toEqual(seqs.map((_, index) => index + 1));
    // Until no message shows it: two may still be sending at once (first() of none is detached).
    await awa.page
      .getByLabel(thread('bubble.sending'), { exact: true })
      .first()
      .waitFor({ state: 'detached' });
    await shot(awa.page, 'chat-04-back-online-awa');
    log('back online: each offline message delivered once, in order');

    // A text that would disguise itself ("\u202Egnp.exe" shows as "exe.png") is refused before sending.
    await composer(kofi.page).fill('\u202Egnp.exe');
    await kofi.page.getByText(validation('text_direction_control'), { exact: true }).waitFor();
    await composer(kofi.page).press('Enter');
    await shot(kofi.page, 'chat-05-disguised-text-kofi');
    expect((await storedMessages(kofi, conversationId)).length, 'nothing stored').toBe(after.length);
    log('a direction override in a message is refused, translated, before sending');
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [chat];
