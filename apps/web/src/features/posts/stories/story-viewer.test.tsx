import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORY_PHOTO_SECONDS } from '@motema/shared/posts';
import { describe, expect, it } from 'vitest';
import { buildStory, stubStoriesApi } from './story-fixtures.ts';
import { STORY_HOLD_MS, STORY_SWIPE_CLOSE_PX } from './story-gestures.ts';
import {
  awa,
  awaStories,
  currentPhoto,
  gestures,
  kofi,
  kofiStories,
  open,
  storyViewerTests,
  position,
  tap,
  timedBar,
} from './story-viewer-fixtures.tsx';

storyViewerTests();

describe('the story viewer', () => {
  it('starts at the first story not seen yet; a tap on the right goes on, on the left back', async () => {
    stubStoriesApi({ 'POST /api/stories/a2/views': null, 'POST /api/stories/a3/views': null });
    open([{ member: awa, stories: awaStories() }]);
    expect(position()).toBe('Story 2 of 3');
    expect(currentPhoto()).toBe('/media/m-a2/160.webp');

    tap(300);
    expect(position()).toBe('Story 3 of 3');
    tap(40);
    expect(position()).toBe('Story 2 of 3');
    tap(40);
    expect(position()).toBe('Story 1 of 3');
  });

  it('goes on and back with the arrow keys, and pauses on the space bar', () => {
    stubStoriesApi({});
    open([{ member: awa, stories: awaStories() }]);
    fireEvent.load(document.querySelector('img[srcset]')!);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe('Story 3 of 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(position()).toBe('Story 2 of 3');
    fireEvent.keyDown(window, { key: ' ' });
    expect(timedBar()!.style.animationPlayState).toBe('paused');
    fireEvent.keyDown(window, { key: ' ' });
    expect(timedBar()!.style.animationPlayState).toBe('running');
  });

  it('goes on to the next member after a member’s last story, and closes after the last one', async () => {
    stubStoriesApi({});
    const { onClose } = open([
      { member: awa, stories: [buildStory('a9', awa)] },
      { member: kofi, stories: kofiStories() },
    ]);
    tap(300);
    expect(screen.getByRole('heading', { name: /Kofi.?’s story/ })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    tap(300);
    expect(onClose).toHaveBeenCalled();
  });

  it(`keeps a photo on screen ${STORY_PHOTO_SECONDS} seconds once drawn, then shows the next`, () => {
    stubStoriesApi({});
    open([{ member: awa, stories: awaStories() }]);
    const bar = timedBar()!;
    expect(bar.style.animationDuration).toBe(`${STORY_PHOTO_SECONDS}s`);
    // The time does not run while the photo is still on its way.
    expect(bar.style.animationPlayState).toBe('paused');
    fireEvent.load(document.querySelector('img[srcset]')!);
    expect(timedBar()!.style.animationPlayState).toBe('running');

    fireEvent.animationEnd(timedBar()!);
    expect(position()).toBe('Story 3 of 3');
  });

  it('pauses while held and goes on from there on release, without skipping the story', async () => {
    stubStoriesApi({});
    open([{ member: awa, stories: awaStories() }]);
    fireEvent.load(document.querySelector('img[srcset]')!);
    const layer = gestures();
    fireEvent.pointerDown(layer, { pointerId: 1, button: 0, clientX: 300, clientY: 300 });
    await act(() => new Promise((resolve) => setTimeout(resolve, STORY_HOLD_MS + 100)));
    expect(timedBar()!.style.animationPlayState).toBe('paused');
    expect(screen.getByText(/Paused/)).toBeTruthy();

    fireEvent.pointerUp(layer, { pointerId: 1, button: 0, clientX: 300, clientY: 300 });
    expect(timedBar()!.style.animationPlayState).toBe('running');
    expect(position()).toBe('Story 2 of 3');
  });

  it('closes on a swipe down, and on Escape', async () => {
    stubStoriesApi({});
    const swiped = open([{ member: awa, stories: awaStories() }]);
    const layer = gestures();
    fireEvent.pointerDown(layer, { pointerId: 1, button: 0, clientX: 180, clientY: 200 });
    fireEvent.pointerMove(layer, { pointerId: 1, clientX: 185, clientY: 260 });
    fireEvent.pointerUp(layer, {
      pointerId: 1,
      button: 0,
      clientX: 190,
      clientY: 200 + STORY_SWIPE_CLOSE_PX + 20,
    });
    expect(swiped.onClose).toHaveBeenCalledTimes(1);
    // A swipe that ends above the line is neither a close nor a tap.
    expect(position()).toBe('Story 2 of 3');
    swiped.unmount();

    const escaped = open([{ member: awa, stories: awaStories() }]);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(escaped.onClose).toHaveBeenCalled();
  });

  it('closes on the phone’s Back, and the cross goes back over its history entry', async () => {
    stubStoriesApi({});
    const backed = open([{ member: awa, stories: awaStories() }]);
    // Opening it added an entry (the same address) for Back to leave.
    await waitFor(() =>
      expect(backed.router.state.location.state).toEqual({ storyViewer: expect.any(String) }),
    );
    await act(() => backed.router.navigate(-1));
    await waitFor(() => expect(backed.onClose).toHaveBeenCalledTimes(1));
    backed.unmount();

    const crossed = open([{ member: awa, stories: awaStories() }]);
    await waitFor(() =>
      expect(crossed.router.state.location.state).toEqual({ storyViewer: expect.any(String) }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the stories' }));
    await waitFor(() => expect(crossed.onClose).toHaveBeenCalledTimes(1));
    expect(crossed.router.state.location.state).toBeNull();
    expect(crossed.router.state.historyAction).toBe('POP');
  });
});
