/**
 * Posts and stories on phones (360x740), three members in three browser contexts. Awa and Kofi are a
 * match; Zola is a stranger to Awa. From her profile Awa posts two photos publicly and a short video
 * privately for Kofi (made on the spot with the ffmpeg that `npm install` brings; the media worker
 * encodes it, the tab shows it processing, then ready). Zola finds the video locked on Awa's profile
 * and asks to see it; Awa accepts from her requests; Zola watches it and comments, Awa answers, and
 * Zola adds to her comment from its menu (typing on from her words, the field keeping the focus). Awa
 * posts a private photo story for Kofi from home's tray: Zola, who would see a public one, has no ring
 * of hers; Kofi sees her ring, watches it, and replies without leaving the viewer: the reply is a chat
 * message in their conversation, shown beside the story's picture for both. Awa sees that Kofi
 * viewed her story. Labels are read from the app's own translation files.
 */
import sharp from 'sharp';
import {
  escapeRegExp,
  expect,
  journey,
  locale,
  shot,
  signedUpMember,
  waitForPath,
  type Journey,
  type SignedUpMember,
} from '../fixtures.ts';
import { pollUntil } from '../poll-until.ts';
import { shortVideo } from '../short-video.ts';

const photo = (background: string, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

type PostView = { _id: string; kind: string; status: string; locked: boolean; visibility: string };

/** A member's posts of a kind as `viewer` gets them from the server. */
async function postsOf(viewer: SignedUpMember, author: SignedUpMember, kind: string): Promise<PostView[]> {
  const response = await viewer.page.request.get(`/api/users/${author.id}/posts?kind=${kind}`);
  expect(response.status(), `GET /api/users/:id/posts?kind=${kind}`).toBe(200);
  return ((await response.json()) as { posts: PostView[] }).posts;
}

/** A tray button's name: its visible and its hidden text ("Your story" ", add a story"). */
const named = (...parts: string[]) => new RegExp(`^${parts.map(escapeRegExp).join(' ?')}$`);

/** Text with a member's name as the app writes it: the name isolated between FSI and PDI. */
const isolated = (name: string) => `\u2068${name}\u2069`;

const posts = journey(
  'a member posts photos publicly and a video privately, a stranger asks and is let in, both comment, a private story is watched by its one member and answered in chat',
  async ({ browser, baseUrl, log }) => {
    const stories = locale('en', 'stories');
    const texts = locale('en', 'posts');
    const thread = locale('en', 'thread');

    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const man = (firstName: string) =>
      signedUpMember(browser, baseUrl, { firstName, sex: 'male', likes: ['female'] });
    const [kofi, zola] = [await man('Kofi'), await man('Zola')];
    // Awa and Kofi like each other: a match, whom her private post may name.
    for (const [from, to] of [
      [awa, kofi],
      [kofi, awa],
    ] as const) {
      const liked = await from.page.request.post('/api/rate/user', { data: { user: to.id, score: 5 } });
      expect(liked.status(), 'POST /api/rate/user').toBe(200);
    }
    const video = await shortVideo();
    log('three members signed up; Awa and Kofi are a match; a 4 s clip made with ffmpeg');

    // Awa posts two photos, publicly, from her profile's "Add" menu.
    const page = awa.page;
    const composer = () => page.getByRole('dialog', { name: texts('composer.title') });
    const add = async (what: string) => {
      await page.getByRole('button', { name: stories('tabs.add.menu'), exact: true }).click();
      await page.getByRole('menuitem', { name: stories(`tabs.add.${what}`), exact: true }).click();
      await composer().waitFor();
    };
    await page.goto('/account');
    await add('photo');
    await composer()
      .locator('input[type=file][accept*="image/jpeg"]')
      .setInputFiles([
        { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await photo('#2f7d6d') },
        { name: 'market.jpg', mimeType: 'image/jpeg', buffer: await photo('#c9733b') },
      ]);
    await composer().getByLabel(texts('composer.textLabel')).fill('Saturday at the river, then the market.');
    await composer()
      .getByRole('button', { name: texts('composer.publish'), exact: true })
      .click();
    await composer().waitFor({ state: 'detached' });
    const photoTile = page.getByRole('link', { name: /^Photo post of / }).first();
    await photoTile.waitFor();
    await shot(page, 'posts-01-pictures-awa');
    const [photos] = await postsOf(awa, awa, 'photo');
    expect(photos?.visibility, 'the photo post').toBe('public');
    log('Awa posted two photos publicly; her pictures tab shows them');

    // Then the video, privately, for Kofi only.
    await add('video');
    await composer().locator('input[type=file][accept*="video/mp4"]').setInputFiles({
      name: 'sunset.mp4',
      mimeType: 'video/mp4',
      buffer: video,
    });
    await composer().getByText(texts('visibility.private'), { exact: true }).click();
    await composer()
      .getByRole('checkbox', { name: new RegExp(`^Kofi`) })
      .check();
    await shot(page, 'posts-02-private-video-composer');
    await composer()
      .getByRole('button', { name: texts('composer.publish'), exact: true })
      .click();
    await composer().waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: stories('tabs.videos') }).click();
    await page
      .getByRole('link', { name: /^Video post of / })
      .first()
      .waitFor();
    const ready = await pollUntil(
      async () => (await postsOf(awa, awa, 'video'))[0],
      (post) => post?.status === 'ready',
      { timeoutMs: 90_000, intervalMs: 1000 },
    );
    expect(ready?.status, 'the video post, once the worker is done').toBe('ready');
    const videoId = ready!._id;
    expect(ready!.visibility, 'the video post').toBe('private');
    await page.reload();
    await page
      .getByRole('link', { name: /^Video post of [^,]+$/ })
      .first()
      .waitFor();
    await shot(page, 'posts-03-videos-awa');
    log('Awa posted the video privately for Kofi; the worker encoded it');

    // Kofi, allowed, sees it; Zola, a stranger, sees it locked on Awa's profile and asks.
    expect((await postsOf(kofi, awa, 'video'))[0]?.locked, 'locked for Kofi').toBe(false);
    await zola.page.goto(`/profile/${awa.id}?tab=videos`);
    const lockedTile = zola.page.getByRole('link', { name: new RegExp(`, ${stories('tabs.locked')}$`) });
    await lockedTile.waitFor();
    await shot(zola.page, 'posts-04-locked-on-profile-zola');
    await lockedTile.click();
    await waitForPath(zola.page, `/post/${videoId}`);
    await zola.page.getByRole('button', { name: texts('locked.ask'), exact: true }).click();
    await zola.page.getByRole('button', { name: texts('locked.requested') }).waitFor();
    await shot(zola.page, 'posts-05-request-sent-zola');
    log('Zola found the video locked and asked to see it');

    // Awa accepts from her requests.
    await page.goto('/posts/requests');
    // The button names Zola as the app writes a member's name: isolated, maybe with more after it.
    const [before = '', after = ''] = texts('requests.acceptFrom', { name: '\u0000' }).split('\u0000');
    const acceptZola = new RegExp(`^${escapeRegExp(before)}\u2068?Zola.*${escapeRegExp(after)}$`);
    await page.getByRole('button', { name: acceptZola }).click();
    const letIn = await pollUntil(
      async () => (await postsOf(zola, awa, 'video'))[0],
      (post) => post?.locked === false,
    );
    expect(letIn?.locked, 'the video, for Zola once accepted').toBe(false);
    log('Awa accepted; Zola may see the video');

    // Zola watches and comments; Awa answers under it.
    await zola.page.reload();
    await zola.page.getByLabel(texts('comments.write')).fill('What a sunset! Where is this?');
    await zola.page.getByRole('button', { name: texts('comments.send'), exact: true }).click();
    await zola.page.getByText('What a sunset! Where is this?', { exact: true }).waitFor();
    await page.goto(`/post/${videoId}`);
    await page.getByText('What a sunset! Where is this?', { exact: true }).waitFor();
    await page.getByLabel(texts('comments.write')).fill('Thank you! The river in Kinshasa.');
    await page.getByRole('button', { name: texts('comments.send'), exact: true }).click();
    // Shown once stored: only then does Zola's page, asked again, hold it (comments reach the post's
    // and the replied-to comment's authors live, not every reader).
    await page.getByText('Thank you! The river in Kinshasa.', { exact: true }).waitFor();
    await zola.page.reload();
    await zola.page.getByText('Thank you! The river in Kinshasa.', { exact: true }).waitFor();
    await shot(zola.page, 'posts-06-comments-zola');
    log('both commented on the video');

    // Zola adds to her comment from its menu: the field opened keeps the keyboard once the menu has
    // gone (it gave the focus back to its button), and what she types goes after her words.
    await zola.page
      .getByRole('button', { name: texts('comments.menu', { name: isolated('Zola') }), exact: true })
      .click();
    const menu = zola.page.getByRole('menu');
    await menu.getByRole('menuitem', { name: texts('comments.edit'), exact: true }).click();
    await menu.waitFor({ state: 'detached' });
    const editing = zola.page.getByRole('textbox', { name: texts('comments.editLabel'), exact: true });
    expect(
      await editing.evaluate((field) => field === document.activeElement),
      'the edit field focused once the menu closed',
    ).toBe(true);
    await zola.page.keyboard.type(' Near Gombe?');
    await zola.page.keyboard.press('Enter');
    await zola.page.getByText('What a sunset! Where is this? Near Gombe?', { exact: true }).waitFor();
    log('Zola added to her comment from its menu');

    // Awa posts a photo story from home's tray, for Kofi only.
    await page.goto('/home');
    await page.getByRole('button', { name: named(stories('tray.you'), stories('tray.addHint')) }).click();
    const storyComposer = page.getByRole('dialog', { name: stories('composer.title') });
    await storyComposer.locator('input[type=file]').setInputFiles({
      name: 'story.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#7a3fb5', 720, 1280),
    });
    await storyComposer.getByRole('img', { name: stories('composer.preview') }).waitFor();
    // On a 360x740 phone the way to share shows with the photo, without scrolling the sheet.
    const shareBox = await storyComposer
      .getByRole('button', { name: stories('composer.share'), exact: true })
      .boundingBox();
    expect(
      shareBox !== null && shareBox.y + shareBox.height <= 740,
      `"${stories('composer.share')}" on screen with the photo: ${JSON.stringify(shareBox)}`,
    ).toBe(true);
    await storyComposer.getByText(texts('visibility.private'), { exact: true }).click();
    await storyComposer.getByRole('checkbox', { name: /^Kofi/ }).check();
    await shot(page, 'posts-07-story-composer-awa');
    await storyComposer.getByRole('button', { name: stories('composer.share'), exact: true }).click();
    await storyComposer.waitFor({ state: 'detached' });
    const watchOwn = named(stories('tray.you'), stories('tray.watchHint'));
    await page.getByRole('button', { name: watchOwn }).waitFor();
    await shot(page, 'posts-08-tray-awa');
    log('Awa posted a private story for Kofi from home');

    // Zola, near Awa and wanting her, would see a public story: this one is not his to see.
    await zola.page.goto('/home'); // painted with the tray's answer (decision 0057): asked here as it was
    const zolaTray = await zola.page.request.get('/api/stories');
    expect(zolaTray.status(), 'GET /api/stories').toBe(200);
    const trayOfZola = (await zolaTray.json()) as { members: { member: { _id: string } }[] };
    expect(trayOfZola.members.some((entry) => entry.member._id === awa.id)).toBe(false);
    await zola.page
      .getByRole('button', { name: named(stories('tray.you'), stories('tray.addHint')) })
      .waitFor();
    const awaRing = zola.page.getByRole('button', { name: named('Awa', stories('tray.newHint')) });
    expect(await awaRing.count()).toBe(0);
    const awaStoriesForZola = await zola.page.request.get(`/api/users/${awa.id}/stories`);
    expect(((await awaStoriesForZola.json()) as { stories: unknown[] }).stories).toEqual([]);
    log('Zola has no ring of Awa: her private story is not his to see');

    // Kofi sees her ring, watches, and replies in chat.
    await kofi.page.goto('/home');
    const ring = kofi.page.getByRole('button', { name: named('Awa', stories('tray.newHint')) });
    await ring.waitFor();
    await shot(kofi.page, 'posts-09-tray-kofi');
    await ring.click();
    const viewer = kofi.page.getByRole('dialog', {
      name: stories('viewer.title', { name: isolated('Awa') }),
    });
    await viewer.waitFor();
    await viewer.locator('img[srcset]').waitFor();
    // Writing holds the story (a photo's 6 s would otherwise run out during the screen's audit).
    const reply = viewer.getByRole('textbox', { name: stories('reply.label', { name: isolated('Awa') }) });
    await reply.focus();
    await shot(kofi.page, 'posts-10-viewer-kofi');
    await reply.fill('Beautiful colours!');
    await viewer.getByRole('button', { name: stories('reply.send'), exact: true }).click();
    await kofi.page.getByText(stories('reply.sent', { name: isolated('Awa') }), { exact: true }).waitFor();
    expect(await viewer.isVisible()).toBe(true);
    await shot(kofi.page, 'posts-11-reply-sent-kofi');
    await kofi.page.goto('/conversations');
    await kofi.page.getByText('Beautiful colours!').first().click();
    await kofi.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await kofi.page.getByText('Beautiful colours!', { exact: true }).waitFor();
    await kofi.page.getByText(thread('bubble.story.theirs'), { exact: true }).waitFor();
    await kofi.page.locator('[data-story] img').waitFor();
    await kofi.page.getByLabel(thread('bubble.sending'), { exact: true }).waitFor({ state: 'detached' });
    await shot(kofi.page, 'posts-12-reply-in-chat-kofi');
    log('Kofi watched the story and replied from the viewer; the reply is a chat message beside the story');

    // Awa gets the message beside her story's picture, and sees Kofi among her story's viewers.
    await page.goto('/conversations');
    await page.getByText('Beautiful colours!').first().click();
    await page.getByText(thread('bubble.story.yours'), { exact: true }).waitFor();
    await page.locator('[data-story] img').waitFor();
    await shot(page, 'posts-13-story-reply-awa');
    await page.goto('/home');
    await page.getByRole('button', { name: watchOwn }).click();
    const own = page.getByRole('dialog', { name: stories('viewer.title', { name: isolated('Awa') }) });
    // Held with the space bar first, as a keyboard holds it: on a loaded machine the photo's 6 s ran
    // out before the count of views was tapped, twice in fresh-clone CI runs, and the viewer closed.
    // The bar is there at once, empty (so never "visible") until the photo is in, which two
    // fresh-clone CI runs waited 15 s for: the hold is what this step needs, whatever the photo's pace.
    await own.locator('[data-state="timed"]').waitFor({ state: 'attached' });
    await page.keyboard.press(' ');
    const held = own.locator('[data-state="timed"][style*="animation-play-state: paused"]');
    await held.waitFor({ state: 'attached' });
    await own.getByRole('button', { name: stories('viewer.views_one', { count: '1' }), exact: true }).click();
    await own.getByText('Kofi', { exact: true }).waitFor();
    await shot(page, 'posts-14-viewers-awa');
    log('Awa reads the reply beside her story’s picture, and sees that Kofi viewed it');

    // The phone's Back closes the viewer, and leaves her on home.
    await page.goBack();
    await own.waitFor({ state: 'detached' });
    await waitForPath(page, '/home');
    log('Back closes the viewer');
  },
  { timeoutMs: 240_000 },
);

export const journeys: Journey[] = [posts];
