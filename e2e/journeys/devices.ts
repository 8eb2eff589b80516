/**
 * Devices and app updates, on a phone (360x740): Ama's install registers itself once (POST
 * /api/devices, the id kept on the device; a reload registers nothing), and its socket names that
 * install at the handshake. The server tells an install running an older build `device:{id}`; this
 * release is the newest the server knows, so the journey plays that frame in the page's own socket
 * (Playwright's routeWebSocket, between the real server and the page) as the server would send it:
 * first optional (the quiet notice, whose Reload loads the app again), then required (the blocking
 * "update now" screen, which nothing closes, and whose button loads the app again).
 * Labels are read from the app's own translation files.
 */
import type { Page } from 'playwright-core';
import { expect, journey, locale, shot, signedUpMember, type Journey } from '../fixtures.ts';
import { pollUntil } from '../poll-until.ts';

/** What lib/device-identity.ts keeps, or null. */
const identityOf = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('motema.device') ?? 'null') as { id: string; build: number } | null,
  );

const updates = journey(
  'an install registers once, then hears of a newer build: the quiet notice, and the blocking update screen',
  async ({ browser, baseUrl, log }) => {
    const devices = locale('en', 'devices');
    const ama = await signedUpMember(browser, baseUrl, { firstName: 'Ama', sex: 'female', likes: ['male'] });
    const page = ama.page;

    const registrations: number[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/devices') {
        registrations.push(response.status());
      }
    });
    // Every frame passes both ways; `toPage` adds one as if the server had sent it. `greeted` resolves
    // once the server's `connected` of the page's current socket went through.
    let toPage: (frame: string) => void = () => undefined;
    let greeted!: Promise<void>;
    const handshakes: string[] = [];
    const greetNext = () => {
      let resolve!: () => void;
      greeted = new Promise((done) => (resolve = done));
      return resolve;
    };
    let onGreeting = greetNext();
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        // Socket.IO's connect packet carries the handshake's auth: `40{...}`.
        if (typeof frame === 'string' && frame.startsWith('40')) handshakes.push(frame.slice(2));
        server.send(frame);
      });
      server.onMessage((frame) => {
        socket.send(frame);
        if (typeof frame === 'string' && frame.startsWith('42["connected"')) onGreeting();
      });
      toPage = (frame) => socket.send(frame);
    });

    await page.goto('/home');
    const identity = await pollUntil(
      () => identityOf(page),
      (value) => value !== null,
    );
    expect(registrations, 'POST /api/devices answers').toEqual([201]);
    expect(identity?.build, 'the build the install registered with').toBe(39);
    log('the install registered once: 201, its id kept on the device');

    // The next start: the install is known, nothing is registered; its socket names it.
    onGreeting = greetNext();
    await page.reload();
    await greeted;
    await page.waitForTimeout(2000);
    expect(registrations, 'POST /api/devices after a reload').toEqual([201]);
    expect(JSON.parse(handshakes.at(-1) ?? '{}'), 'the handshake auth').toEqual({
      device: identity!.id,
      build: 39,
    });
    log('a reload registers nothing; the socket names the install and its build at the handshake');

    // An optional update: a quiet notice, the app usable around it.
    toPage(
      `42${JSON.stringify([`device:${identity!.id}`, { version: '1.40.0', required: false, url: '/' }])}`,
    );
    const notice = page
      .getByRole('status')
      .filter({ hasText: devices('update.available', { version: '1.40.0' }) });
    await notice.waitFor();
    expect(await page.getByRole('dialog').count(), 'dialogs beside the notice').toBe(0);
    await shot(page, 'devices-01-optional-update');
    onGreeting = greetNext();
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: devices('update.apply'), exact: true }).click();
    await reloaded;
    await greeted;
    await page.waitForURL(/\/home$/);
    log('an optional update: a quiet notice whose Reload loads the app again');

    // A required update: nothing but "update now".
    toPage(
      `42${JSON.stringify([`device:${identity!.id}`, { version: '1.40.0', required: true, url: '/' }])}`,
    );
    const screen = page.getByRole('dialog', { name: devices('update.requiredTitle') });
    await screen.waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await screen.isVisible(), 'the update screen after Escape and a click outside').toBe(true);
    await shot(page, 'devices-02-required-update');
    const again = page.waitForEvent('load');
    await screen.getByRole('button', { name: devices('update.updateNow'), exact: true }).click();
    await again;
    await page.waitForURL(/\/home$/);
    expect(
      await page.getByRole('dialog', { name: devices('update.requiredTitle') }).count(),
      'after the update',
    ).toBe(0);
    log('a required update: a blocking screen whose one button loads the app again');
  },
  { timeoutMs: 120_000 },
);

export const journeys: Journey[] = [updates];
