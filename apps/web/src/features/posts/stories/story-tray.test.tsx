import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { buildStory, buildStoryMember, buildTray, stubStoriesApi } from './story-fixtures.ts';
import { StoryTray } from './story-tray.tsx';

const me = buildMe({ _id: 'me', firstName: 'Amani', name: 'Amani M.' });
const mine = buildStoryMember('me', 'Amani');
const awa = {
  ...buildStoryMember('awa', 'Awa'),
  avatar: { thumbnail: '/media/awa/160.webp', placeholder: 'data:,' },
};
const kofi = buildStoryMember('kofi', 'Kofi');

afterEach(() => vi.unstubAllGlobals());

/** The tray's entries in order, as their buttons name them. */
async function entries(): Promise<string[]> {
  const tray = screen.getByRole('region', { name: 'Stories' });
  await waitFor(() => expect(within(tray).getAllByRole('button').length).toBeGreaterThan(1));
  return within(tray)
    .getAllByRole('button')
    .map((button) => {
      if (button.hasAttribute('aria-label')) return button.getAttribute('aria-label') ?? '';
      // Its name is its text, but what is hidden from screen readers (the ring's initials).
      const copy = button.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden]').forEach((hidden) => hidden.remove());
      return copy.textContent ?? '';
    });
}

const ringOf = (label: RegExp) =>
  screen.getByRole('button', { name: label }).querySelector('[data-state]')?.getAttribute('data-state');

describe('home’s story tray', () => {
  it('puts the member first with "add a story", then rings the members with stories not seen yet', async () => {
    stubStoriesApi({
      'GET /api/stories': buildTray(
        { member: awa, stories: [buildStory('a1', awa)] },
        { member: kofi, stories: [buildStory('k1', kofi, { seen: true })] },
      ),
    });
    renderPage('/home', <StoryTray />, { me });
    expect(await entries()).toEqual(['Your story, add a story', 'Awa, new story', 'Kofi, story']);
    expect(ringOf(/Awa/)).toBe('unseen');
    expect(ringOf(/Kofi/)).toBe('seen');
    // Light: the avatars' thumbnails, no story's photo or video before it is opened.
    const images = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['/media/awa/160.webp']);
  });

  it('opens the member’s own stories from their avatar, with a separate "add" button', async () => {
    stubStoriesApi({
      'GET /api/stories': buildTray(
        { member: mine, stories: [buildStory('o1', mine, { views: 0 })] },
        { member: awa, stories: [buildStory('a2', awa)] },
      ),
    });
    renderPage('/home', <StoryTray />, { me });
    expect(await entries()).toEqual(['Your story, watch it', 'Add a story', 'Awa, new story']);
    fireEvent.click(screen.getByRole('button', { name: /^Your story ?, watch it$/ }));
    expect(await screen.findByRole('heading', { name: /Amani.?’s story/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Seen by 0 members' })).toBeTruthy();
  });

  it('opens the viewer at the member tapped, and greys their ring once their stories were seen', async () => {
    const requests = stubStoriesApi({
      'GET /api/stories': buildTray({ member: awa, stories: [buildStory('a3', awa)] }),
      'POST /api/stories/a3/views': null,
    });
    renderPage('/home', <StoryTray />, { me });
    await entries();
    fireEvent.click(screen.getByRole('button', { name: /^Awa ?, new story$/ }));
    expect(await screen.findByRole('heading', { name: /Awa.?’s story/ })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/stories/a3/views')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Close the stories' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ringOf(/Awa/)).toBe('seen');
  });

  it('opens the story composer when the member has no story yet', async () => {
    stubStoriesApi({ 'GET /api/stories': buildTray() });
    renderPage('/home', <StoryTray />, { me });
    fireEvent.click(await screen.findByRole('button', { name: /^Your story ?, add a story$/ }));
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a photo or a video' })).toBeTruthy();
  });
});
