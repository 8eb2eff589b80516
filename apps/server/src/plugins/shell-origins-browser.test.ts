// @slow-tier drives Chromium.
/**
 * The mobile app's bundled copy signing in, in a real browser (Debian's Chromium, as the e2e journeys
 * drive it): a page on another port stands for the shell's origin (`https://localhost`), listed in
 * SHELL_ORIGINS. Chromium does what a web view does with a cross-origin page: the preflight of a call
 * with `Authorization`, the session header readable only if the answer exposes it to that origin.
 * A page of an origin not listed gets nothing it can read (decision 0052).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_SESSION_HEADER } from '@motema/shared/shell-session';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createMember } from '../test/factories.ts';

type ChromiumModule = { CHROMIUM: string; CHROMIUM_ARGS: string[]; ensureChromium: () => string | null };

let t: TestApp;
let appBase: string;
const pages: Server[] = [];
let shellBase: string;
let foreignBase: string;
let browser: Browser;

/** A page of its own origin (a port of 127.0.0.1), as the shell's web view serves the bundled copy. */
async function pageServer(): Promise<string> {
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Shell</title>'),
  );
  pages.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  [shellBase, foreignBase] = await Promise.all([pageServer(), pageServer()]);
  t = await buildTestApp({ env: { SHELL_ORIGINS: shellBase } });
  appBase = await t.listen();
  const runner = (await import(
    new URL('../../../../e2e/runner/chromium.mjs', import.meta.url).href
  )) as ChromiumModule;
  const missing = runner.ensureChromium();
  if (missing) throw new Error(missing);
  browser = await chromium.launch({ executablePath: runner.CHROMIUM, args: runner.CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(pages.map((server) => new Promise((resolve) => server.close(resolve))));
  await t?.close();
});

/** Signs in from `page` as the API client does, then reads the profile and changes the language with the token. */
function signInFrom(page: Page, identifier: string, password: string) {
  return page.evaluate(
    async ({ app, header, identifier, password }) => {
      try {
        const json = { 'content-type': 'application/json' };
        const login = await fetch(`${app}/api/auth/login`, {
          method: 'POST',
          credentials: 'include',
          headers: json,
          body: JSON.stringify({ identifier, password }),
        });
        const token = login.headers.get(header);
        const bearer = { authorization: `Bearer ${token}` };
        const profile = await fetch(`${app}/api/users/profile`, { credentials: 'include', headers: bearer });
        const changed = await fetch(`${app}/api/users`, {
          method: 'PUT',
          credentials: 'include',
          headers: { ...json, ...bearer },
          body: JSON.stringify({ language: 'ro' }),
        });
        return {
          login: login.status,
          token,
          profile: ((await profile.json()) as { username?: string }).username,
          changed: ((await changed.json()) as { language?: string }).language,
        };
      } catch (error) {
        return { failed: String(error) };
      }
    },
    { app: appBase, header: SHELL_SESSION_HEADER, identifier, password },
  );
}

describe('the bundled copy in Chromium, from the shell’s origin (decision 0052)', () => {
  it('signs in with a bearer token, reads and changes; a page of another origin reads nothing', async () => {
    const member = await createMember(t);
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(shellBase);
    const shell = await signInFrom(page, member.user.email!, member.password);
    expect(shell).toMatchObject({ login: 200, profile: member.user.username, changed: 'ro' });
    expect((shell as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No cookie of the server's site came with it.
    expect((await context.cookies(appBase)).map((cookie) => cookie.name)).not.toContain('motema_session');

    await page.goto(foreignBase);
    const foreign = await signInFrom(page, member.user.email!, member.password);
    // The browser refuses the page the answer (no CORS for its origin): the fetch rejects.
    expect(foreign).toMatchObject({ failed: expect.stringContaining('Failed to fetch') });
    await context.close();
  });
});
