/**
 * The notification list, on a phone (360x740) then a laptop: Nadia is matched and liked by Joel, her
 * profile visited and her private post asked for by Blaise, her public post commented on by Cedric.
 * The bell over home carries the count; it opens the list (each entry saying who did what, the new
 * ones tinted), the count goes back to zero on every device once the list is shown, and a tap opens
 * what an entry tells. Labels are read from the app's own translation files.
 */
import type { Page } from 'playwright-core';
import {
  expect,
  expectHeading,
  journey,
  locale,
  newMemberPage,
  shot,
  signedUpMember,
  waitForPath,
  type Journey,
} from '../fixtures.ts';
import { pollUntil } from '../poll-until.ts';

/** A member's name as the app's texts say it: between FSI and PDI (isolate() of apps/web/src/ui/member-text.tsx). */
const isolated = (name: string) => `\u2068${name}\u2069`;

async function call(page: Page, method: 'post' | 'get', url: string, data?: object) {
  const response = await page.request[method](url, data ? { data } : undefined);
  expect(response.status() < 300, `${method.toUpperCase()} ${url} (${response.status()})`).toBe(true);
  return response.status() === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
}

const notificationCount = async (page: Page) =>
  ((await call(page, 'get', '/api/counters')) as { notifications: number }).notifications;

const notifications = journey(
  'a member is matched, liked, visited, asked and commented: the bell, the list with its new ones, seen, and a tap',
  async ({ browser, baseUrl, log }) => {
    const texts = locale('en', 'notifications');
    const likes = ['male'] as ('male' | 'female')[];
    const nadia = await signedUpMember(browser, baseUrl, { firstName: 'Nadia', sex: 'female', likes });
    const man = (firstName: string) =>
      signedUpMember(browser, baseUrl, { firstName, sex: 'male', likes: ['female'] });
    const [joel, blaise, cedric] = await Promise.all([man('Joel'), man('Blaise'), man('Cedric')]);
    const privatePost = (await call(nadia.page, 'post', '/api/posts', {
      text: 'Only for friends',
      visibility: 'private',
    })) as { _id: string };
    const publicPost = (await call(nadia.page, 'post', '/api/posts', {
      text: 'Sunday at the river',
      visibility: 'public',
    })) as { _id: string };

    await call(joel.page, 'post', '/api/rate/user', { user: nadia.id, score: 5 });
    await call(nadia.page, 'post', '/api/rate/user', { user: joel.id, score: 5 });
    await call(blaise.page, 'get', `/api/users/${nadia.id}`);
    await call(blaise.page, 'post', `/api/posts/${privatePost._id}/requests`);
    await call(cedric.page, 'post', `/api/posts/${publicPost._id}/comments`, { text: 'Beautiful!' });
    // Joel's like and match, Blaise's visit and request, Cedric's comment.
    expect(await notificationCount(nadia.page), 'new notifications').toBe(5);
    log('Nadia was matched and liked, visited, asked and commented: five new notifications');

    const page = nadia.page;
    await page.goto('/home');
    const bell = page.getByRole('link', { name: `${texts('list.title')}, 5 new notifications` });
    await bell.waitFor();
    await shot(page, 'notifications-bell-360');
    await bell.click();
    await waitForPath(page, '/notifications');
    await expectHeading(page, texts('list.title'));
    // Its heading starts at the 16 px margin of the other pages on a phone (it sat at 12 px).
    const heading = await page.getByRole('heading', { level: 1, name: texts('list.title') }).boundingBox();
    expect(Math.round(heading?.x ?? -1), 'notifications heading from the edge at 360 px').toBe(16);
    for (const text of [
      texts('list.match', { name: isolated('Joel') }),
      texts('list.like', { name: isolated('Joel') }),
      texts('list.visit', { name: isolated('Blaise') }),
      texts('list.request', { name: isolated('Blaise') }),
      texts('list.comment', { name: isolated('Cedric') }),
    ])
      await page.getByText(text, { exact: true }).waitFor();
    expect(await page.locator('a[data-unread]').count(), 'entries styled new').toBe(5);
    await shot(page, 'notifications-list-360');
    log('the bell opens the list: who did what, the five new ones tinted');

    // Seen once shown: the count is zero for every device of hers (another session asks the server).
    const laptop = await newMemberPage(browser, {
      viewport: { width: 1280, height: 800 },
      storageState: await page.context().storageState(),
    });
    const left = await pollUntil(
      () => notificationCount(laptop),
      (count) => count === 0,
    );
    expect(left, 'new notifications once the list was shown').toBe(0);
    await page.getByRole('link', { name: texts('list.title'), exact: true }).waitFor();
    log('shown, they are seen: the count is zero on another device too');

    await laptop.goto('/notifications');
    await expectHeading(laptop, texts('list.title'));
    expect(await laptop.locator('a[data-unread]').count(), 'entries still new on the next visit').toBe(0);
    await shot(laptop, 'notifications-list-desktop');

    await page.getByText(texts('list.comment', { name: isolated('Cedric') }), { exact: true }).click();
    await waitForPath(page, `/post/${publicPost._id}`);
    log("a tap on Cedric's comment opens the post");
  },
  { timeoutMs: 120_000 },
);

export const journeys: Journey[] = [notifications];
