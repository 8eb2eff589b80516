import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DATA_SAVER_KEY } from '../../../lib/data-saver.ts';
import { jsonResponse, renderPage } from '../../../test/render-page.tsx';
import { paymentRequired } from '../../billing/payment-required.ts';
import { renderNotices } from '../../safety/render-notices.tsx';
import { buildStory, buildStoryMember, stubStoriesApi } from './story-fixtures.ts';
import { StoryViewer, type StoryEntry } from './story-viewer.tsx';
import {
  awa,
  awaStories,
  kofi,
  kofiStories,
  me,
  open,
  storyViewerTests,
  position,
  tap,
  timedBar,
} from './story-viewer-fixtures.tsx';

storyViewerTests();

describe('the story viewer, what it shows and sends', () => {
  it('reports another member’s story from its menu, naming the story', async () => {
    stubStoriesApi({ 'POST /api/stories/a2/views': null });
    open([{ member: awa, stories: awaStories() }]);
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    const report = await screen.findByRole('menuitem', { name: 'Report this story' });
    expect(report.getAttribute('href')).toBe('/settings/report/profile/awa');
  });

  it('marks each story seen once as it shows, not one’s own', async () => {
    const requests = stubStoriesApi({
      'POST /api/stories/b2/views': null,
      'POST /api/stories/b3/views': null,
    });
    const stories = [buildStory('b1', awa, { seen: true }), buildStory('b2', awa), buildStory('b3', awa)];
    open([{ member: awa, stories }]);
    tap(300);
    tap(40);
    tap(300);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(requests.map((r) => r.path)).toEqual(['/api/stories/b2/views', '/api/stories/b3/views']);
  });

  it('tells each member’s view: another member signing in on the same page counts too', async () => {
    const requests = stubStoriesApi({ 'POST /api/stories/c1/views': null });
    const first = open([{ member: awa, stories: [buildStory('c1', awa)] }]);
    await waitFor(() => expect(requests).toHaveLength(1));
    first.unmount();
    open([{ member: awa, stories: [buildStory('c1', awa)] }], 0, 'someone-else');
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('plays a video muted until the member turns the sound on', async () => {
    stubStoriesApi({});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    open([{ member: kofi, stories: kofiStories() }]);
    const video = document.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.getAttribute('src')).toContain('standard.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Turn the sound on' }));
    expect(document.querySelector('video')!.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Turn the sound off' })).toBeTruthy();
  });

  it('with data saver, shows a video’s poster and loads its small file only on a tap', async () => {
    localStorage.setItem(DATA_SAVER_KEY, 'on');
    stubStoriesApi({});
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    open([{ member: kofi, stories: kofiStories() }]);
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBeNull();
    expect(video.getAttribute('poster')).toBe('/media/m-k1/480.webp');
    expect(play).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Tap to play' }));
    expect(document.querySelector('video')!.getAttribute('src')).toContain('saver.mp4');
    expect(play).toHaveBeenCalled();
  });

  it('shows its author who saw the story, and no reply field', async () => {
    const mine = buildStoryMember('me', 'Amani');
    const requests = stubStoriesApi({
      'GET /api/stories/mine/viewers': {
        viewers: [{ member: awa, viewedAt: new Date().toISOString() }],
      },
    });
    open([{ member: mine, stories: [buildStory('mine', mine, { views: 1 })] }]);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Seen by 1 member' }));
    expect(await screen.findByText('Awa')).toBeTruthy();
    // The story waits while the list is open; its own viewing is never counted.
    expect(timedBar()!.style.animationPlayState).toBe('paused');
    expect(requests.some((r) => r.path.endsWith('/views'))).toBe(false);
  });

  it('shows a story’s latest figures when its list is asked again while it is open', async () => {
    // Home draws the tray from the device, then asks again: the viewer opened meanwhile follows.
    const mine = buildStoryMember('me', 'Amani');
    stubStoriesApi({ 'GET /api/stories/mine/viewers': { viewers: [] } });
    let update: (entries: StoryEntry[]) => void = () => undefined;
    function Following() {
      const [entries, setEntries] = useState<StoryEntry[]>([
        { member: mine, stories: [buildStory('mine', mine, { views: 0 })] },
      ]);
      update = setEntries;
      return <StoryViewer entries={entries} start={0} meId={me._id} onClose={() => undefined} />;
    }
    renderPage('/home', <Following />, { me });
    expect(screen.getByRole('button', { name: 'Seen by 0 members' })).toBeTruthy();
    act(() => update([{ member: mine, stories: [buildStory('mine', mine, { views: 1 })] }]));
    expect(screen.getByRole('button', { name: 'Seen by 1 member' })).toBeTruthy();
    // A story gone from the new list stays where it was under the member's finger.
    act(() => update([]));
    expect(screen.getByRole('button', { name: 'Seen by 1 member' })).toBeTruthy();
  });

  it('shows a story’s caption over it', async () => {
    stubStoriesApi({ 'POST /api/stories/k1/views': null });
    open([{ member: kofi, stories: [buildStory('k1', kofi, { caption: 'Sunday at the river' })] }]);
    expect(await screen.findByText('Sunday at the river')).toBeTruthy();
  });

  it('sends a reply to the story’s author and stays in the viewer, saying it went', async () => {
    const requests = stubStoriesApi({
      'POST /api/stories/a2/views': null,
      'POST /api/stories/a2/replies': { conversation: { _id: 'c1' }, message: { _id: 'm1' } },
    });
    renderNotices();
    const { router, onClose } = open([{ member: awa, stories: awaStories() }]);
    const field = screen.getByRole('textbox', { name: /^Reply to .?Awa.?$/ });
    fireEvent.focus(field);
    expect(timedBar()!.style.animationPlayState).toBe('paused');
    fireEvent.change(field, { target: { value: 'Lovely view!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reply' }));

    expect(await screen.findByText(/^Reply sent to .?Awa.?$/)).toBeTruthy();
    const sent = requests.find((r) => r.path === '/api/stories/a2/replies');
    expect(sent?.body).toEqual({ clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), text: 'Lovely view!' });
    // The replier is still watching: the same story, the field emptied for another reply.
    expect(router.state.location.pathname).toBe('/home');
    expect(onClose).not.toHaveBeenCalled();
    expect(position()).toBe('Story 2 of 3');
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('behind the paywall, leaves the payment-required dialog to say so and steps aside', async () => {
    stubStoriesApi({
      'POST /api/stories/a2/views': null,
      'POST /api/stories/a2/replies': jsonResponse(402, {
        code: 'payment_required',
        message: 'Premium',
        reason: 'UserPreferences',
      }),
    });
    const { onClose, router } = open([{ member: awa, stories: awaStories() }]);
    fireEvent.change(screen.getByRole('textbox', { name: /^Reply to .?Awa.?$/ }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reply' }));

    await waitFor(() => expect(paymentRequired.get()).not.toBeNull());
    expect(paymentRequired.get()?.profile).toBe('awa');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/home');
  });
});
