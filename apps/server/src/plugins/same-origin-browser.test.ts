// @slow-tier drives Chromium.
/**
 * The probe's attack in a real browser (Debian's Chromium, as the e2e journeys drive it): a page on
 * another port of the app's host, the same site, posts with the member's cookie to unsend their
 * message and add a photo. The browser sends the cookie (SameSite=Lax lets a same-site request have
 * it); the server must refuse. The app's own page, in the same browser, does the same and is obeyed.
 */
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../test/chat-factories.ts';
import { photoCount, samples } from '../test/media-factories.ts';

type ChromiumModule = { CHROMIUM: string; CHROMIUM_ARGS: string[]; ensureChromium: () => string | null };

let t: TestApp;
let appBase: string;
let sibling: Server;
let siblingBase: string;
let browser: Browser;

beforeAll(async () => {
  t = await buildTestApp();
  appBase = await t.listen();
  sibling = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sibling</title>'),
  );
  await new Promise<void>((resolve) => sibling.listen(0, '127.0.0.1', resolve));
  siblingBase = `http://127.0.0.1:${(sibling.address() as AddressInfo).port}`;
  const runner = (await import(
    new URL('../../../../e2e/runner/chromium.mjs', import.meta.url).href
  )) as ChromiumModule;
  const missing = runner.ensureChromium();
  if (missing) throw new Error(missing);
  browser = await chromium.launch({ executablePath: runner.CHROMIUM, args: runner.CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => sibling?.close(resolve));
  await t?.close();
});

/** From `page`, unsends the message and uploads a photo at the app, with the browser's cookies. */
async function attack(page: Page, messageId: string, photo: number[]) {
  await page.evaluate(
    async ({ app, id, bytes }) => {
      // no-cors: the requests leave with the cookie; the page may not read the answers (another
      // origin's, which Cross-Origin-Resource-Policy also keeps from it: the fetch then rejects).
      const options = { method: 'POST', credentials: 'include', mode: 'no-cors' } as const;
      const post = (url: string, body?: FormData) => fetch(url, { ...options, body }).catch(() => null);
      await post(`${app}/api/messages/${id}/unsend`);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      await post(`${app}/api/photos`, form);
    },
    { app: appBase, id: messageId, bytes: photo },
  );
}

describe('a page of the same site in Chromium (CSRF, decision 0032)', () => {
  it('cannot unsend a member’s message nor add a photo; the app’s own page can', async () => {
    const conversation = await buildConversation(t);
    const [member] = conversation.members;
    const [name, value] = member.cookie.split('=') as [string, string];
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: appBase }]);
    const page = await context.newPage();
    const photo = [...(await samples.small())];
    const unsent = async (id: string) =>
      (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!.unsentAt !== null;

    const target = await buildMessage(t, { conversation, sender: member });
    await page.goto(siblingBase);
    await attack(page, target.id, photo);
    expect(await unsent(target.id)).toBe(false);
    expect(await photoCount(t.db, member.user.id)).toBe(0);

    const own = await buildMessage(t, { conversation, sender: member });
    await page.goto(`${appBase}/api/health`);
    await attack(page, own.id, photo);
    expect(await unsent(own.id)).toBe(true);
    expect(await photoCount(t.db, member.user.id)).toBe(1);
    await context.close();
    // A generous bound: a browser on a loaded machine, not a measure of speed.
  }, 60_000);
});
