import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Image } from '@motema/shared/media';
import { renderPage } from '../../../test/render-page.tsx';
import { StoryReplied } from './story-replied.tsx';

const picture = {
  _id: 'item-1',
  width: 720,
  height: 1280,
  placeholder: 'data:image/webp;base64,AAAA',
  thumbnail: '/api/stories/s-1/media/item-1/240.webp',
  sources: [],
  createdAt: '2026-12-01T10:00:00.000Z',
} satisfies Image;

const pictureOnScreen = () => document.querySelector('img');

describe('a reply to a story in the thread', () => {
  it('tells its author it answers their story, beside the story’s picture', () => {
    renderPage('/', <StoryReplied story={{ image: picture }} mine={false} />);
    expect(screen.getByText('Replied to your story')).toBeTruthy();
    expect(pictureOnScreen()?.getAttribute('src')).toBe(picture.thumbnail);
    expect(screen.queryByText('Story no longer available')).toBeNull();
  });

  it('tells the replier they answered the other member’s story', () => {
    renderPage('/', <StoryReplied story={{ image: picture }} mine />);
    expect(screen.getByText('You replied to their story')).toBeTruthy();
  });

  it('says the story is gone once it ended or was deleted', () => {
    renderPage('/', <StoryReplied story={{ image: null }} mine={false} />);
    expect(screen.getByText('Story no longer available')).toBeTruthy();
    expect(pictureOnScreen()).toBeNull();
  });

  it('says the story is gone when its picture cannot be had', () => {
    renderPage('/', <StoryReplied story={{ image: picture }} mine={false} />);
    fireEvent.error(pictureOnScreen()!);
    expect(screen.getByText('Story no longer available')).toBeTruthy();
    expect(pictureOnScreen()).toBeNull();
  });
});
