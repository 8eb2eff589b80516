import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryViewers } from '@motema/shared/posts';
import type { ZoneMemberList } from '@motema/shared/zones';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildConversation } from '../../test/chat-factories.ts';
import { buildMatch, createProfile } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { buildStory, buildStoryView } from '../../test/story-factories.ts';
import { addToZone, buildZone } from '../../test/zone-factories.ts';

// The other features' lists of members follow discovery's rule (docs/discreet-mode.md): a member in
// discreet mode only for their matches and conversation partners, one asked to verify for nobody.

describe('discreet mode in the zones’ and stories’ lists of members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A discreet member, one asked to verify and one in neither state; a stranger, a match and a partner of the discreet one. */
  async function cast() {
    const discreet = await createProfile(t, { discreet: true });
    const asked = await createProfile(t, { verificationRequired: true });
    const open = await createProfile(t);
    const [stranger, match, partner] = [
      await createProfile(t),
      await createProfile(t),
      await createProfile(t),
    ];
    await buildMatch(t, { members: [discreet, match] });
    await buildConversation(t, { members: [discreet, partner] });
    return { discreet, asked, open, stranger, match, partner };
  }

  it('a zone’s members: the discreet member only for their match and partner, and for themself', async () => {
    const { discreet, asked, open, stranger, match, partner } = await cast();
    const zone = await buildZone(t, { admin: stranger });
    for (const member of [discreet, asked, open, match, partner])
      await addToZone(t, zone.id, 'member', member);
    const membersSeenBy = async (viewer: Member) =>
      (await asMember(t, viewer.cookie)('GET', `/api/zones/${zone.id}/members`))
        .json<ZoneMemberList>()
        .members.map((member) => member._id);

    const everyoneShown = [stranger, open, match, partner].map((member) => member.user.id);
    expect((await membersSeenBy(stranger)).sort()).toEqual([...everyoneShown].sort());
    expect((await membersSeenBy(open)).sort()).toEqual([...everyoneShown].sort());
    for (const close of [match, partner, discreet]) {
      expect((await membersSeenBy(close)).sort()).toEqual([...everyoneShown, discreet.user.id].sort());
    }
  });

  it('a zone’s waiting list still shows its admins a discreet member who asked to join', async () => {
    const { discreet, stranger } = await cast();
    const zone = await buildZone(t, { admin: stranger, access: 'private' });
    await addToZone(t, zone.id, 'waiting', discreet);
    const res = await asMember(t, stranger.cookie)('GET', `/api/zones/${zone.id}/members?role=waiting`);
    expect(res.json<ZoneMemberList>().members.map((member) => member._id)).toEqual([discreet.user.id]);
  });

  it('a story’s viewers: the author sees a discreet viewer only when matched or in a conversation with them', async () => {
    const { discreet, asked, open, stranger, match, partner } = await cast();
    const viewersOf = async (author: Member) => {
      const story = await buildStory(t, { author });
      for (const viewer of [discreet, asked, open]) await buildStoryView(t, story, viewer);
      const res = await asMember(t, author.cookie)('GET', `/api/stories/${story.id}/viewers`);
      return res
        .json<StoryViewers>()
        .viewers.map((viewer) => viewer.member._id)
        .sort();
    };
    expect(await viewersOf(stranger)).toEqual([open.user.id]);
    expect(await viewersOf(match)).toEqual([discreet.user.id, open.user.id].sort());
    expect(await viewersOf(partner)).toEqual([discreet.user.id, open.user.id].sort());
  });
});
