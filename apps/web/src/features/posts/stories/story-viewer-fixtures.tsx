import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { DATA_SAVER_KEY } from '../../../lib/data-saver.ts';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { paymentRequired } from '../../billing/payment-required.ts';
import { buildStory, buildStoryMember } from './story-fixtures.ts';
import { StoryViewer, type StoryEntry } from './story-viewer.tsx';

// The story viewer's tests: its members, their stories, the viewer opened, what is on screen, a tap.

export const me = buildMe({ _id: 'me', firstName: 'Amani' });
export const awa = buildStoryMember('awa', 'Awa');
export const kofi = buildStoryMember('kofi', 'Kofi');

export const awaStories = () => [
  buildStory('a1', awa, { seen: true }),
  buildStory('a2', awa),
  buildStory('a3', awa),
];
export const kofiStories = () => [buildStory('k1', kofi, { kind: 'video' })];

export function open(entries: StoryEntry[], start = 0, meId = me._id) {
  const onClose: Mock<() => void> = vi.fn();
  const view = renderPage(
    '/home',
    <StoryViewer entries={entries} start={start} meId={meId} onClose={onClose} />,
    { me: { ...me, _id: meId } },
  );
  return { ...view, onClose };
}

/** The story on screen, as the progress bar says it ("Story 2 of 3") and by its media's id. */
export const position = () => screen.getByRole('progressbar').getAttribute('aria-label');
export const currentPhoto = () => document.querySelector('img[srcset]')?.getAttribute('src');
export const timedBar = () => document.querySelector<HTMLElement>('[data-state="timed"]');

/** The gestures' layer, 360 px wide like a phone. */
export function gestures(): HTMLElement {
  const layer = screen.getByTestId('story-gestures');
  layer.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 360, height: 740, right: 360, bottom: 740, x: 0, y: 0 }) as DOMRect;
  return layer;
}

export const tap = (x: number, y = 300) => {
  const layer = gestures();
  fireEvent.pointerDown(layer, { pointerId: 1, button: 0, clientX: x, clientY: y });
  fireEvent.pointerUp(layer, { pointerId: 1, button: 0, clientX: x, clientY: y });
};

/** Each test starts with data saver off, and leaves no stubbed fetch nor open paywall behind. */
export function storyViewerTests(): void {
  beforeEach(() => {
    localStorage.removeItem(DATA_SAVER_KEY);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    paymentRequired.close();
  });
}
