import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { KEPT_TRAY_MEMBERS, storiesKeptQueries } from './stories-kept.ts';
import { storyKeys } from './stories.api.ts';
import { buildStory, buildStoryMember, buildTray } from './story-fixtures.ts';

describe('what the device keeps of stories', () => {
  it('keeps home’s tray only (the query the tray asks), its first members', () => {
    expect(storiesKeptQueries.keeps(storyKeys.tray())).toBe(true);
    expect(storiesKeptQueries.keeps(storyKeys.member('u1'))).toBe(false);
    expect(storiesKeptQueries.keeps(storyKeys.viewers('s1'))).toBe(false);

    const members = Array.from({ length: 20 }, (_, index) => buildStoryMember(`m${index}`, `M${index}`));
    const tray = buildTray(
      ...members.map((member) => ({ member, stories: [buildStory(`s-${member._id}`, member)] })),
    );
    const [kept] = storiesKeptQueries.bound([
      { hash: hashKey(storyKeys.tray()), queryKey: storyKeys.tray(), data: tray, updatedAt: 1 },
    ]);
    const keptTray = kept!.data as typeof tray;
    expect(keptTray.members.map((entry) => entry.member._id)).toEqual(
      members.slice(0, KEPT_TRAY_MEMBERS).map((member) => member._id),
    );
  });
});
