import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_CAPTION_MAX_LENGTH, type Story } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildMatch, createProfile } from '../../../test/discovery-factories.ts';
import { asMember, type Member } from '../../../test/factories.ts';
import { createPhotoItem } from '../../../test/media-item-factories.ts';

/** A story's caption: a line of the author's text over the photo or video, member text's rules. */
describe('stories: captions', () => {
  let t: TestApp;
  let author: Member;
  let match: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    author = await createProfile(t);
    match = await createProfile(t);
    await buildMatch(t, { members: [author, match] });
  });
  afterAll(() => t.close());

  const create = async (body: object) =>
    asMember(t, author.cookie)('POST', '/api/stories', {
      media: (await createPhotoItem(t, { owner: author, use: 'story' })).id,
      ...body,
    });

  it('keeps the caption, trimmed, and shows it to those who see the story', async () => {
    const res = await create({ caption: '  Sunday at the river  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().caption).toBe('Sunday at the river');
    const theirs = await asMember(t, match.cookie)('GET', `/api/users/${author.user.id}/stories`);
    const shown = (theirs.json().stories as Story[]).find((one) => one._id === res.json()._id);
    expect(shown?.caption).toBe('Sunday at the river');
  });

  it('has none unless given', async () => {
    const res = await create({});
    expect([res.statusCode, res.json().caption]).toEqual([201, '']);
  });

  it.each([
    ['too long', 'a'.repeat(STORY_CAPTION_MAX_LENGTH + 1), 'max_length'],
    ['a direction override', 'Hello \u202e dlrow', 'text_direction_control'],
    ['not text', 42, 'invalid_value'],
  ])('refuses a caption %s: 400, nothing stored', async (_name, caption, code) => {
    const res = await create({ caption });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'caption', code })]);
  });
});
