import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@motema/shared/media';
import { users } from '../db/schema.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { createProfile, expectNoPrivateData } from '../test/discovery-factories.ts';
import { asMember, type Member } from '../test/factories.ts';
import { buildPreviewApp, expectNeutral, openPage, previewOf } from '../test/link-preview-bed.ts';
import { postPhoto, samples } from '../test/media-factories.ts';
import { createPhotoItem } from '../test/media-item-factories.ts';
import { buildBlock } from '../test/safety-factories.ts';
import { zoneCall, zoneName } from '../test/zone-factories.ts';

const ABOUT =
  'I teach maths in Cocody and run by the lagoon every Sunday morning before church. Looking for someone who laughs easily, cooks a little and likes long walks.';

/** A member's profile with a real avatar (POST /api/photos, PUT /api/users/avatar). */
async function profileWithAvatar(t: TestApp, columns: Parameters<typeof createProfile>[1]): Promise<Member> {
  const member = await createProfile(t, columns);
  const upload = await postPhoto(t, member.cookie, await samples.webp(600, 800));
  expect(upload.statusCode, upload.body).toBe(201);
  const avatar = await asMember(t, member.cookie)('PUT', '/api/users/avatar', {
    photo: upload.json<Image>()._id,
  });
  expect(avatar.statusCode, avatar.body).toBe(200);
  return member;
}

describe('link-preview tags for public and private subjects: profiles and zones', () => {
  let t: TestApp;
  let kofi: Member;
  beforeAll(async () => {
    t = await buildPreviewApp();
    kofi = await profileWithAvatar(t, { firstName: 'Kofi', lastName: 'Asantewaa', age: 27, about: ABOUT });
  });
  afterAll(() => t.close());

  it('shows a public profile: first name and age, the first words of the about, a small avatar', async () => {
    const res = await openPage(t, `/profile/${kofi.user.id}`);
    expect(res.statusCode).toBe(200);
    const tags = previewOf(res);
    expect(tags).toMatchObject({
      title: 'Kofi, 27, on Motema',
      'og:title': 'Kofi, 27, on Motema',
      'og:type': 'profile',
      'og:site_name': 'Motema',
      'og:image:alt': 'Profile photo of Kofi',
      'og:image:width': '480',
      'twitter:card': 'summary',
      'twitter:title': 'Kofi, 27, on Motema',
    });
    expect(tags.description).toBe(tags['og:description']);
    // About 150 characters, cut at a word.
    expect(tags.description).toBe(
      'I teach maths in Cocody and run by the lagoon every Sunday morning before church. Looking for someone who laughs easily, cooks a little and likes long…',
    );
    expect(tags['og:url']).toBe(`http://localhost:80/profile/${kofi.user.id}`);
    expect(tags['og:image']).toMatch(/^http:\/\/localhost:80\/api\/media\/[0-9a-f-]{36}\/480\.webp$/);
    expect(tags['twitter:image']).toBe(tags['og:image']);
    // The picture is one a crawler fetches without a cookie.
    const picture = await t.app.inject({ url: new URL(tags['og:image']!).pathname });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
    // The page is the app's own, its title and description replaced once.
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
    expect(res.body).not.toContain('Asantewaa');
    expectNoPrivateData(res.body, kofi);
  });

  it('words the card in the language the page request asks for', async () => {
    const url = `/profile/${kofi.user.id}`;
    expect(previewOf(await openPage(t, url, null, 'fr-CI,fr;q=0.9')).title).toBe(
      'Kofi, 27\u00a0ans, sur Motema',
    );
    expect(previewOf(await openPage(t, url, null, 'ro')).title).toBe('Kofi, 27 de ani, pe Motema');
    const young = await createProfile(t, { firstName: 'Ioana', age: 19 });
    expect(previewOf(await openPage(t, `/profile/${young.user.id}`, null, 'ro')).title).toBe(
      'Ioana, 19 ani, pe Motema',
    );
    const neutral = previewOf(await openPage(t, `/profile/${randomUUID()}`, null, 'fr'));
    expect(neutral.title).toBe('Motema\u00a0: rencontrez des gens qui vous ressemblent');
  });

  it('gives the neutral card for a member in discreet mode, inactive, deleted or unknown', async () => {
    const discreet = await createProfile(t, { firstName: 'Adjoa', discreet: true, about: 'Only my matches' });
    const suspended = await createProfile(t, { firstName: 'Kwame', status: 'suspended' });
    const deleted = await createProfile(t, { firstName: 'Yaw' });
    await t.db.delete(users).where(eq(users.id, deleted.user.id));
    for (const id of [discreet.user.id, suspended.user.id, deleted.user.id, randomUUID(), 'not-an-id']) {
      const res = await openPage(t, `/profile/${id}`, discreet);
      expect(res.statusCode).toBe(200);
      expectNeutral(previewOf(res), `/profile/${id}`);
      expect(res.body).not.toMatch(/Adjoa|Kwame|Yaw|Only my matches/);
    }
  });

  it('is the same card whoever asks: a block, a session or none change nothing', async () => {
    const blocker = await createProfile(t);
    await buildBlock(t, { blocker, blocked: kofi });
    const asVisitor = await openPage(t, `/profile/${kofi.user.id}`);
    for (const member of [blocker, kofi]) {
      const res = await openPage(t, `/profile/${kofi.user.id}`, member);
      expect(res.body).toBe(asVisitor.body);
    }
  });

  it('shows a public zone with its cover, and the neutral card for a private one', async () => {
    const admin = await createProfile(t, { firstName: 'Ama' });
    const cover = await createPhotoItem(t, { owner: admin });
    const create = (access: 'public' | 'private', title: string) =>
      zoneCall(t, admin)('POST', '/api/zones', {
        title,
        name: zoneName(),
        description: 'We run along the lagoon, 6 am sharp.\nAll paces welcome.',
        access,
        questions: [],
        ...(access === 'public' && { cover: cover.id }),
      });
    const open = (await create('public', 'Abidjan runners')).json<{ _id: string }>()._id;
    const closed = (await create('private', 'Secret supper club')).json<{ _id: string }>()._id;

    const tags = previewOf(await openPage(t, `/zone/${open}`));
    expect(tags).toMatchObject({
      title: 'Abidjan runners, a zone on Motema',
      description: 'We run along the lagoon, 6 am sharp. All paces welcome.',
      'og:type': 'website',
      'og:image': `http://localhost:80/api/zones/${open}/cover/480.webp`,
      'og:image:width': '480',
      'og:image:height': '360',
      'twitter:card': 'summary_large_image',
    });
    expect((await t.app.inject({ url: `/api/zones/${open}/cover/480.webp` })).statusCode).toBe(200);

    const res = await openPage(t, `/zone/${closed}`, admin);
    expectNeutral(previewOf(res), `/zone/${closed}`);
    expect(res.body).not.toMatch(/Secret supper|lagoon/);
  });

  it('escapes what members write: a name or a text with <"&>', async () => {
    const member = await createProfile(t, {
      firstName: '<b>"Zo&é"</b>',
      about: `</title><script>alert("x")</script> & 'more'`,
    });
    const res = await openPage(t, `/profile/${member.user.id}`);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>');
    expect(res.body).toContain('&lt;b&gt;&quot;Zo&amp;é&quot;&lt;/b&gt;');
    const tags = previewOf(res);
    expect(tags.title).toBe('<b>"Zo&é"</b>, 30, on Motema');
    expect(tags.description).toBe(`</title><script>alert("x")</script> & 'more'`);
  });

  it('no shared-cacheable answer with member data: one page whoever asks, no-cache, by cookie and language', async () => {
    const urls = [`/profile/${kofi.user.id}`, `/profile/${randomUUID()}`, '/zone/x', '/post/y'];
    for (const url of urls) {
      const asVisitor = await openPage(t, url);
      for (const member of [null, kofi]) {
        const res = await openPage(t, url, member);
        // The member asking changes nothing in it: no data of theirs, so revalidated but shareable.
        expect(res.body, url).toBe(asVisitor.body);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(String(res.headers.vary)).toMatch(/Cookie/);
        expect(String(res.headers.vary)).toMatch(/Accept-Language/);
      }
    }
    // The other pages keep their file, without a card.
    const other = await openPage(t, '/settings/profile', kofi);
    expect(other.body).not.toContain('og:title');
  });
});
