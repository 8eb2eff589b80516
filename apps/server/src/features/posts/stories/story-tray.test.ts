import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoryTraySchema, type StoryTray } from '@motema/shared/posts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation } from '../../../test/chat-factories.ts';
import {
  buildMatch,
  createProfile,
  insertProfiles,
  KINSHASA,
  moved,
  type Position,
  type ProfileOptions,
} from '../../../test/discovery-factories.ts';
import { asMember, type Member } from '../../../test/factories.ts';
import { buildBlock, buildReport } from '../../../test/safety-factories.ts';
import { buildStory, buildStoryView } from '../../../test/story-factories.ts';
import { STORY_TRAY_MEMBERS } from './story-tray.service.ts';

const MINUTE = 60_000;

describe('GET /api/stories: home’s tray', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  // Each test in a town of its own, far from the others' (viewers look 50 km around them).
  let towns = 0;
  const newTown = () => moved(KINSHASA, 0, 400 * ++towns);
  const FAR: ProfileOptions = { position: null };
  const person = (town: Position, options: ProfileOptions = {}) =>
    createProfile(t, { position: town, ...options });
  const ago = (minutes: number) => new Date(clock.now().getTime() - minutes * MINUTE);
  const tray = async (viewer: Member): Promise<StoryTray> => {
    const res = await asMember(t, viewer.cookie)('GET', '/api/stories');
    expect(res.statusCode).toBe(200);
    return StoryTraySchema.parse(res.json());
  };
  const idsOf = (result: StoryTray) => result.members.map((entry) => entry.member._id);

  it('shows the viewer, their matches, conversation partners and members near who fit their preferences', async () => {
    const town = newTown();
    const viewer = await person(town, { matchDistance: 50, wants: ['female'], matchAgeMax: 60 });
    const match = await createProfile(t, FAR);
    const partner = await createProfile(t, FAR);
    const near = await person(town);
    const notWanted = await person(town, { sex: 'male' });
    const tooOld = await person(town, { age: 80 });
    const farAway = await person(moved(town, 200));
    const stranger = await createProfile(t, FAR);
    const reported = await person(town);
    const [blockedByViewer, blockingViewer, blockedMatch] = [
      await person(town),
      await person(town),
      await createProfile(t, FAR),
    ];
    await buildMatch(t, { members: [viewer, match] });
    await buildMatch(t, { members: [viewer, blockedMatch] });
    await buildConversation(t, { members: [partner, viewer] });
    await buildBlock(t, { blocker: viewer, blocked: blockedByViewer });
    await buildBlock(t, { blocker: blockingViewer, blocked: viewer });
    await buildBlock(t, { blocker: blockedMatch, blocked: viewer });
    await buildReport(t, { reporter: viewer, reported });
    const everyone = [viewer, match, partner, near, notWanted, tooOld, farAway, stranger, reported];
    for (const member of [...everyone, blockedByViewer, blockingViewer, blockedMatch]) {
      await buildStory(t, { author: member });
    }

    const shown = idsOf(await tray(viewer));
    expect(shown[0]).toBe(viewer.user.id);
    expect(new Set(shown)).toEqual(new Set([viewer, match, partner, near].map((member) => member.user.id)));
    // Theirs, the other way: the match sees the viewer's story; the blocked members never do.
    expect(idsOf(await tray(match))).toContain(viewer.user.id);
    for (const member of [blockedByViewer, blockingViewer, blockedMatch]) {
      expect(idsOf(await tray(member))).not.toContain(viewer.user.id);
    }
  });

  it('orders the member first, then members with unseen stories, then the rest, each by their newest story', async () => {
    const town = newTown();
    const viewer = await person(town, { matchDistance: 50 });
    const [seenNewest, unseenOld, unseenNew, seenOld, mixed] = [
      await person(town, { firstName: 'SeenNewest' }),
      await person(town, { firstName: 'UnseenOld' }),
      await person(town, { firstName: 'UnseenNew' }),
      await person(town, { firstName: 'SeenOld' }),
      await person(town, { firstName: 'Mixed' }),
    ];
    const own = await buildStory(t, { author: viewer, createdAt: ago(300) });
    const see = async (author: Member, minutes: number) =>
      buildStoryView(t, await buildStory(t, { author, createdAt: ago(minutes) }), viewer);
    await see(seenNewest, 1);
    await buildStory(t, { author: unseenOld, createdAt: ago(200) });
    await buildStory(t, { author: unseenNew, createdAt: ago(100) });
    await see(seenOld, 150);
    await see(mixed, 50);
    const mixedUnseen = await buildStory(t, { author: mixed, createdAt: ago(250) });

    const result = await tray(viewer);
    expect(result.members.map((entry) => [entry.member.name, entry.unseen])).toEqual([
      [viewer.user.firstName, false],
      ['Mixed', true],
      ['UnseenNew', true],
      ['UnseenOld', true],
      ['SeenNewest', false],
      ['SeenOld', false],
    ]);
    // Each member's stories oldest first, the order they play in; the viewer's own with their count.
    const mixedEntry = result.members[1]!;
    expect(mixedEntry.stories.map((story) => [story._id, story.seen])).toEqual([
      [mixedUnseen.id, false],
      [expect.any(String), true],
    ]);
    expect(result.members[0]!.stories).toMatchObject([{ _id: own.id, views: 0, seen: true }]);
    expect(mixedEntry.stories[0]!.views).toBeNull();
    // Seeing the last unseen one moves the member to the seen ones.
    await asMember(t, viewer.cookie)('POST', `/api/stories/${mixedUnseen.id}/views`);
    expect((await tray(viewer)).members.map((entry) => entry.member.name).slice(1)).toEqual([
      'UnseenNew',
      'UnseenOld',
      'SeenNewest',
      'Mixed',
      'SeenOld',
    ]);
  });

  it(`shows ${STORY_TRAY_MEMBERS} members at most, the member first, unseen before seen`, async () => {
    const town = newTown();
    const viewer = await person(town, { matchDistance: 50 });
    const many = await insertProfiles(t, STORY_TRAY_MEMBERS + 5, { position: town });
    await buildStory(t, { author: viewer, createdAt: ago(500) });
    for (const [index, member] of many.entries()) {
      const story = await buildStory(t, { author: { user: member }, createdAt: ago(index) });
      // The 5 newest are seen: they go after every unseen one, so out of the tray.
      if (index < 5) await buildStoryView(t, story, viewer);
    }
    const result = await tray(viewer);
    expect(result.members).toHaveLength(STORY_TRAY_MEMBERS);
    expect(result.members[0]!.member._id).toBe(viewer.user.id);
    expect(result.members.slice(1).every((entry) => entry.unseen)).toBe(true);
    expect(idsOf(result).slice(1)).toEqual(many.slice(5, STORY_TRAY_MEMBERS + 4).map((member) => member.id));
  });

  it('leaves out stories not ready or expired, and members with none left', async () => {
    const town = newTown();
    const viewer = await person(town, { matchDistance: 50 });
    const near = await person(town);
    await buildStory(t, { author: near, createdAt: ago(24 * 60 + 1) });
    expect(idsOf(await tray(viewer))).toEqual([]);
    await buildStory(t, { author: near, createdAt: ago(24 * 60 - 1) });
    expect(idsOf(await tray(viewer))).toEqual([near.user.id]);
    clock.advance(2 * MINUTE);
    expect(idsOf(await tray(viewer))).toEqual([]);
  });
});
