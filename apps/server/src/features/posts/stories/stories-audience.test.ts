import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryTray } from '@motema/shared/posts';
import { stories, storyAllowed, type StoryRow } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation, messagesIn } from '../../../test/chat-factories.ts';
import { buildMatch, createProfile } from '../../../test/discovery-factories.ts';
import type { Member } from '../../../test/factories.ts';
import { createPhotoItem, createVideoItem } from '../../../test/media-item-factories.ts';
import { injectAs, outcomeOf } from '../../../test/posts-matrix.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { buildStory } from '../../../test/story-factories.ts';

const ROLES = [
  'author',
  'allowedMatch',
  'allowedPartner',
  'match',
  'stranger',
  'blockedByAuthor',
  'blockingAuthor',
  'allowedThenBlocked',
  'visitor',
] as const;
type Role = (typeof ROLES)[number];

/**
 * A story's audience (public, or its author and the members chosen among their matches and
 * conversation partners) over every story route: a member's stories, the tray, a view, the viewers
 * list, a file, a reply. The cast: the author, a match and a partner on the allow list, a match not on
 * it, a stranger, both sides of a block, a member allowed whom the author blocked since, a visitor.
 */
describe('stories: public or private, on every route', () => {
  let t: TestApp;
  let cast: Record<Exclude<Role, 'visitor'>, Member>;
  beforeAll(async () => {
    t = await buildTestApp();
    cast = {
      author: await createProfile(t, { firstName: 'Author' }),
      allowedMatch: await createProfile(t),
      allowedPartner: await createProfile(t),
      match: await createProfile(t),
      stranger: await createProfile(t),
      blockedByAuthor: await createProfile(t),
      blockingAuthor: await createProfile(t),
      allowedThenBlocked: await createProfile(t),
    };
    const { author } = cast;
    for (const member of [cast.allowedMatch, cast.match, cast.allowedThenBlocked])
      await buildMatch(t, { members: [author, member] });
    await buildConversation(t, { members: [author, cast.allowedPartner] });
    await buildBlock(t, { blocker: author, blocked: cast.blockedByAuthor });
    await buildBlock(t, { blocker: cast.blockingAuthor, blocked: author });
  });
  afterAll(() => t.close());

  const as = (role: Role) => (role === 'visitor' ? null : cast[role]);
  const fileUrl = (story: StoryRow) => `/api/stories/${story.id}/media/${story.itemId}/standard.mp4`;

  /** What each role gets from each route for `story`: the status, the code, and whether it is listed. */
  async function answers(story: StoryRow) {
    const seen: Record<string, Record<string, string>> = {};
    for (const role of ROLES) {
      const get = (url: string) => injectAs(t, as(role), { method: 'GET', url });
      const post = (url: string, payload?: object) => injectAs(t, as(role), { method: 'POST', url, payload });
      const has = (list: Story[]) => (list.some((one) => one._id === story.id) ? 'listed' : '');
      seen[role] = {
        list: outcomeOf(await get(`/api/users/${cast.author.user.id}/stories`), (body) =>
          has((body as { stories: Story[] }).stories),
        ).trim(),
        tray: outcomeOf(await get('/api/stories'), (body) =>
          has((body as StoryTray).members.flatMap((entry) => entry.stories)),
        ).trim(),
        view: outcomeOf(await post(`/api/stories/${story.id}/views`)),
        viewers: outcomeOf(await get(`/api/stories/${story.id}/viewers`)),
        file: outcomeOf(await get(fileUrl(story))),
        reply: outcomeOf(
          await post(`/api/stories/${story.id}/replies`, { clientId: randomUUID(), text: 'Nice!' }),
        ),
      };
    }
    return seen;
  }

  const sees = {
    list: '200 listed',
    tray: '200 listed',
    view: '204',
    viewers: '404 story_not_found',
    file: '200',
    reply: '201',
  };
  const hidden = {
    list: '200',
    tray: '200',
    view: '404 story_not_found',
    viewers: '404 story_not_found',
    file: '404 not_found',
    reply: '404 story_not_found',
  };
  const blocked = { ...hidden, list: '404 user_not_found' };
  const author = { ...sees, viewers: '200', reply: '400 self_not_allowed' };
  const visitor = Object.fromEntries(Object.keys(sees).map((route) => [route, '401 unauthorized']));

  it('a private story: its author and the members on its list, on every route; no one else, nothing of it', async () => {
    const story = await buildStory(t, {
      author: cast.author,
      item: await createVideoItem(t, { owner: cast.author, use: 'story' }),
      visibility: 'private',
      allowed: [cast.allowedMatch, cast.allowedPartner, cast.allowedThenBlocked],
    });
    await buildBlock(t, { blocker: cast.author, blocked: cast.allowedThenBlocked });
    expect(await answers(story)).toEqual({
      author,
      allowedMatch: sees,
      allowedPartner: sees,
      match: hidden,
      stranger: hidden,
      blockedByAuthor: blocked,
      blockingAuthor: blocked,
      allowedThenBlocked: blocked,
      visitor,
    });
  });

  it('a public story: every member without a block, on every route', async () => {
    const story = await buildStory(t, {
      author: cast.author,
      item: await createVideoItem(t, { owner: cast.author, use: 'story' }),
    });
    const seen = await answers(story);
    for (const role of ['allowedMatch', 'allowedPartner', 'match', 'stranger'] as const)
      expect([role, seen[role]]).toEqual([role, sees]);
    expect(seen.author).toEqual(author);
    expect(seen.blockedByAuthor).toEqual(blocked);
  });

  it('a reply is a message to the author in their conversation, stored once per client id', async () => {
    const story = await buildStory(t, {
      author: cast.author,
      visibility: 'private',
      allowed: [cast.allowedMatch],
    });
    const clientId = randomUUID();
    const send = () =>
      injectAs(t, cast.allowedMatch, {
        method: 'POST',
        url: `/api/stories/${story.id}/replies`,
        payload: { clientId, text: 'Lovely view' },
      });
    const [first, again] = [await send(), await send()];
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().message._id).toBe(first.json().message._id);
    const conversationId = first.json().conversation._id;
    const stored = await messagesIn(t.db, conversationId);
    expect(stored.filter((one) => one.text === 'Lovely view')).toHaveLength(1);
    expect(first.json().message).toMatchObject({
      text: 'Lovely view',
      sender: { _id: cast.allowedMatch.user.id },
    });
  });

  it('the author’s own view names who is allowed; others see only that it is private', async () => {
    const story = await buildStory(t, {
      author: cast.author,
      visibility: 'private',
      allowed: [cast.allowedMatch],
    });
    const own = await injectAs(t, cast.author, {
      method: 'GET',
      url: `/api/users/${cast.author.user.id}/stories`,
    });
    const mine = (own.json().stories as Story[]).find((one) => one._id === story.id);
    expect(mine).toMatchObject({ visibility: 'private', allowed: [{ _id: cast.allowedMatch.user.id }] });
    const theirs = await injectAs(t, cast.allowedMatch, {
      method: 'GET',
      url: `/api/users/${cast.author.user.id}/stories`,
    });
    const shown = (theirs.json().stories as Story[]).find((one) => one._id === story.id);
    expect(shown).toMatchObject({ visibility: 'private', allowed: null });
  });

  describe('POST /api/stories with an audience', () => {
    const create = async (member: Member, body: object) =>
      injectAs(t, member, {
        method: 'POST',
        url: '/api/stories',
        payload: { media: (await createPhotoItem(t, { owner: member, use: 'story' })).id, ...body },
      });

    it('a private story for a match and a partner: 201, stored with its list', async () => {
      const res = await create(cast.author, {
        visibility: 'private',
        allowed: [cast.allowedMatch.user.id, cast.allowedPartner.user.id.toUpperCase(), cast.author.user.id],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json() as Story;
      expect(body.visibility).toBe('private');
      expect(body.allowed!.map((one) => one._id).sort()).toEqual(
        [cast.allowedMatch.user.id, cast.allowedPartner.user.id].sort(),
      );
      const rows = await t.db.select().from(storyAllowed).where(eq(storyAllowed.storyId, body._id));
      expect(rows).toHaveLength(2);
    });

    it('public unless said otherwise', async () => {
      const res = await create(cast.author, {});
      expect([res.statusCode, res.json().visibility, res.json().allowed]).toEqual([201, 'public', null]);
    });

    // The stranger of the cast replied to a public story above: a conversation partner since.
    it.each([
      ['a member with no tie to the author', async () => (await createProfile(t)).user.id],
      ['a member the author blocked', async () => cast.blockedByAuthor.user.id],
      ['a member who blocked the author', async () => cast.blockingAuthor.user.id],
      ['no member at all', async () => randomUUID()],
    ] as const)('refuses to allow %s: 400 post_allowed_invalid, nothing stored', async (_name, who) => {
      const before = await t.db.select().from(stories).where(eq(stories.authorId, cast.author.user.id));
      const res = await create(cast.author, { visibility: 'private', allowed: [await who()] });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        expect.objectContaining({ path: 'allowed', code: 'post_allowed_invalid' }),
      ]);
      const after = await t.db.select().from(stories).where(eq(stories.authorId, cast.author.user.id));
      expect(after).toHaveLength(before.length);
    });
  });
});
