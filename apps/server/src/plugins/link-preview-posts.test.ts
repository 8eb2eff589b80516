import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users } from '../db/schema.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { createProfile } from '../test/discovery-factories.ts';
import { buildPreviewApp, expectNeutral, openPage, previewOf } from '../test/link-preview-bed.ts';
import { createPhotoItem } from '../test/media-item-factories.ts';
import { buildPost } from '../test/post-factories.ts';
import { buildCast, buildScene, playersOf, ROLES, type Cast, type SceneKind } from '../test/posts-matrix.ts';

const TEXT = 'Sunday at the river';

/**
 * A post's card is what a crawler, a visitor without cookies, may see: it never depends on who asks.
 * The posts visibility matrix's cast (test/posts-matrix.ts) asks for each kind of post, and every one
 * of them gets the same page: the post's card for a public post, the neutral card for the others.
 */
describe('link-preview tags for public and private subjects: posts, for the whole cast', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildPreviewApp();
    cast = await buildCast(t);
  });
  afterAll(() => t.close());

  /** The page of `postId` as each of the cast sees it: one body, whoever asks. */
  async function pageForEveryone(postId: string) {
    const pages = [];
    for (const role of ROLES)
      for (const member of playersOf(cast, role)) pages.push(await openPage(t, `/post/${postId}`, member));
    const [first] = pages;
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe(first!.body);
    }
    return first!;
  }

  it('shows a public post to the whole cast: its author’s first name, its text, its photo', async () => {
    const { post } = await buildScene(t, cast, 'public');
    const res = await pageForEveryone(post.id);
    const tags = previewOf(res);
    expect(tags).toMatchObject({
      title: 'Author on Motema',
      description: TEXT,
      'og:type': 'article',
      'og:url': `http://localhost:80/post/${post.id}`,
      'og:image:alt': 'A picture of the post',
      'og:image:width': '480',
      'og:image:height': '360',
      'twitter:card': 'summary_large_image',
      'twitter:description': TEXT,
    });
    expect(tags['og:image']).toMatch(
      new RegExp(`^http://localhost:80/api/posts/${post.id}/media/[0-9a-f-]{36}/480\\.webp$`),
    );
    // A crawler fetches it without a cookie.
    const picture = await t.app.inject({ url: new URL(tags['og:image']!).pathname });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(res.body).not.toContain(cast.author.user.lastName!);
  });

  it.each<SceneKind>(['private', 'zone'])(
    'gives the whole cast the neutral card of a %s post',
    async (kind) => {
      const { post } = await buildScene(t, cast, kind);
      const res = await pageForEveryone(post.id);
      expectNeutral(previewOf(res), `/post/${post.id}`);
      expect(res.body).not.toContain(TEXT);
      expect(res.body).not.toContain('Author');
      expect(res.body).not.toContain('/api/posts/');
    },
  );

  it('gives the neutral card for an author in discreet mode, a post not ready, deleted or unknown', async () => {
    const discreet = await createProfile(t, { firstName: 'Adjoa', discreet: true });
    const hidden = await buildPost(t, { author: discreet, text: 'From my quiet corner' });
    const processing = await buildPost(t, {
      author: cast.author,
      text: 'Still encoding',
      status: 'processing',
    });
    const deleted = await buildPost(t, { author: cast.author, text: 'Gone soon' });
    await t.db.delete(posts).where(eq(posts.id, deleted.id));
    const deactivated = await createProfile(t, { firstName: 'Kwesi' });
    const away = await buildPost(t, { author: deactivated, text: 'Away for a while' });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, deactivated.user.id));

    for (const id of [hidden.id, processing.id, deleted.id, away.id, randomUUID(), 'nope']) {
      const res = await openPage(t, `/post/${id}`, discreet);
      expectNeutral(previewOf(res), `/post/${id}`);
      expect(res.body).not.toMatch(/Adjoa|quiet corner|Still encoding|Gone soon|Kwesi|Away for/);
    }
  });

  it('words a text-only post with the app icon, and a photo-only one with the tagline', async () => {
    const textOnly = previewOf(
      await openPage(t, `/post/${(await buildPost(t, { author: cast.author })).id}`),
    );
    expect(textOnly).toMatchObject({ description: TEXT, 'twitter:card': 'summary' });
    expect(textOnly['og:image']).toBe('http://localhost:80/icons/icon-512.png');

    const item = await createPhotoItem(t, { owner: cast.author });
    const photoOnly = await buildPost(t, { author: cast.author, text: '', media: [item] });
    const tags = previewOf(await openPage(t, `/post/${photoOnly.id}`, null, 'fr'));
    expect(tags.title).toBe('Author sur Motema');
    expect(tags.description).toMatch(/^Rencontres et amitié entre adultes/);
  });

  it('escapes the author’s name and the text, and cuts a long text at a word', async () => {
    const author = await createProfile(t, { firstName: 'Tom & "Jerry"' });
    const text = `<img src=x onerror=alert(1)> ${'mbote na bino '.repeat(20)}`;
    const res = await openPage(t, `/post/${(await buildPost(t, { author, text })).id}`);
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('Tom &amp; &quot;Jerry&quot; on Motema');
    const tags = previewOf(res);
    expect(tags.title).toBe('Tom & "Jerry" on Motema');
    expect(tags.description).toMatch(/^<img src=x onerror=alert\(1\)> mbote na bino .* (mbote|na|bino)…$/);
    expect(tags.description!.length).toBeLessThanOrEqual(151);
  });
});
