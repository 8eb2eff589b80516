import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS, type UserCard } from '@motema/shared/discovery';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { ConversationList } from '@motema/shared/chat';
import { buildConversation, buildMessage } from '../../test/chat-factories.ts';
import {
  buildMatch,
  buildRating,
  buildVisit,
  createProfile,
  idsOf,
  listFor,
} from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';

/** Every list a member sees, the swap deck included, as `filter -> ids`. */
async function everyList(t: TestApp, viewer: Member) {
  const lists: Record<string, string[]> = {};
  for (const filter of USER_LIST_FILTERS) lists[filter] = await idsOf(t, viewer, filter);
  lists.deck = await idsOf(t, viewer, 'users', { unrated: true });
  return lists;
}
const holding = (lists: Record<string, string[]>, member: Member) =>
  Object.keys(lists)
    .filter((list) => lists[list]!.includes(member.user.id))
    .sort();
const MEMBER_LISTS = ['connected', 'deck', 'last', 'near', 'popular', 'users'];

describe('discreet mode in the lists (docs/discreet-mode.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const privacy = (member: Member, body: object) =>
    asMember(t, member.cookie)('PATCH', '/api/users/privacy', body);
  const profileOf = (viewer: Member, member: Member) =>
    asMember(t, viewer.cookie)('GET', `/api/users/${member.user.id}`);

  it('takes the member out of every list but their matches’ and conversations’, and out of strangers’ reach', async () => {
    const live = { connected: true };
    const discreet = await createProfile(t, { ...live, firstName: 'Nadia' });
    // A stranger the discreet member liked and visited, who rated and visited them back.
    const stranger = await createProfile(t, { ...live, sex: 'male' });
    await buildRating(t, { rater: discreet, rated: stranger, score: 5 });
    await buildRating(t, { rater: stranger, rated: discreet, score: 3 });
    await buildVisit(t, { visitor: discreet, visited: stranger });
    await buildVisit(t, { visitor: stranger, visited: discreet });
    // A match, and a conversation partner the discreet member visited.
    const match = await createProfile(t, { ...live, sex: 'male' });
    await buildRating(t, { rater: discreet, rated: match, score: 5 });
    await buildRating(t, { rater: match, rated: discreet, score: 5 });
    await buildMatch(t, { members: [discreet, match] });
    const partner = await createProfile(t, { ...live, sex: 'male' });
    await buildConversation(t, { members: [discreet, partner] });
    await buildVisit(t, { visitor: discreet, visited: partner });

    // Everywhere for the stranger (but the deck: they rated them already).
    const seenByStranger = [
      'connected',
      'i-rated',
      'i-visited',
      'last',
      'near',
      'popular',
      'rated-me',
      'users',
      'visited-me',
    ];
    expect(holding(await everyList(t, stranger), discreet)).toEqual(seenByStranger);
    expect((await privacy(discreet, { discreet: true })).json()).toMatchObject({ discreet: true });

    expect(holding(await everyList(t, stranger), discreet)).toEqual([]);
    // Their match finds them among their matches and likes, their partner among their visitors only.
    expect(holding(await everyList(t, match), discreet)).toEqual(['i-rated', 'rated-each', 'rated-me']);
    expect(holding(await everyList(t, partner), discreet)).toEqual(['visited-me']);
    // The profile: reachable by the match and the partner, a 404 for the stranger and a visitor.
    expect((await profileOf(match, discreet)).statusCode).toBe(200);
    expect((await profileOf(partner, discreet)).statusCode).toBe(200);
    expect((await profileOf(stranger, discreet)).json()).toMatchObject({ code: 'user_not_found' });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/users/${discreet.user.id}` });
    expect(visitor.statusCode).toBe(404);
    // Nor can a stranger rate them; the discreet member still sees everyone.
    const rating = await asMember(t, stranger.cookie)('POST', '/api/rate/user', {
      user: discreet.user.id,
      score: 5,
    });
    expect(rating.statusCode).toBe(404);
    expect(await idsOf(t, discreet, 'users')).toEqual(expect.arrayContaining([stranger.user.id]));

    // Turned off, they are back where they were.
    await privacy(discreet, { discreet: false });
    expect(holding(await everyList(t, stranger), discreet)).toEqual(seenByStranger);
  });

  it('hides their distance and activity from everyone, their match included', async () => {
    const discreet = await createProfile(t, { connected: true, discreet: true });
    const match = await createProfile(t, { sex: 'male' });
    await buildMatch(t, { members: [discreet, match] });
    const [card] = (await listFor(t, match, 'rated-each')).users as [UserCard];
    expect(card._id).toBe(discreet.user.id);
    // Online, a few metres away: the card says neither (as for a member who never came back nor shared a place).
    expect(card).toMatchObject({ activity: 'earlier', distance: null });
    expect((await profileOf(match, discreet)).json()).toMatchObject({ activity: 'earlier', distance: null });

    const open = await createProfile(t, { connected: true });
    await buildMatch(t, { members: [open, match] });
    const shown = (await listFor(t, match, 'rated-each')).users.find((user) => user._id === open.user.id);
    expect(shown).toMatchObject({ activity: 'online', distance: 1 });

    // In chat too: the conversation list's header says nothing of when the discreet partner is around.
    for (const other of [discreet, open]) {
      await buildMessage(t, { conversation: await buildConversation(t, { members: [other, match] }) });
    }
    const res = await asMember(t, match.cookie)('GET', '/api/conversations');
    const activityOf = (member: Member) =>
      res.json<ConversationList>().conversations.find((c) => c.member._id === member.user.id)?.member
        .activity;
    expect(activityOf(discreet)).toBe('earlier');
    expect(activityOf(open)).toBe('online');
  });
});

describe('the lists leave out members a moderator stopped or asked to verify', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('hides one asked to verify from every list, theirs matches’ included, and shows them again once that ends', async () => {
    const viewer = await createProfile(t, { sex: 'male' });
    const asked = await createProfile(t, { connected: true, verificationRequired: true });
    await buildRating(t, { rater: asked, rated: viewer, score: 5 });
    await buildRating(t, { rater: viewer, rated: asked, score: 5 });
    await buildVisit(t, { visitor: asked, visited: viewer });
    await buildVisit(t, { visitor: viewer, visited: asked });
    await buildMatch(t, { members: [viewer, asked] });
    expect(holding(await everyList(t, viewer), asked)).toEqual([]);

    const verified = await createProfile(t, { connected: true });
    await buildMatch(t, { members: [viewer, verified] });
    expect(holding(await everyList(t, viewer), verified)).toEqual([...MEMBER_LISTS, 'rated-each'].sort());
  });

  it.each(['suspended', 'banned'] as const)('hides a %s member from every list', async (status) => {
    const viewer = await createProfile(t, { sex: 'male' });
    const stopped = await createProfile(t, { connected: true, status });
    await buildRating(t, { rater: stopped, rated: viewer, score: 5 });
    await buildVisit(t, { visitor: stopped, visited: viewer });
    await buildMatch(t, { members: [viewer, stopped] });
    expect(holding(await everyList(t, viewer), stopped)).toEqual([]);
  });
});
