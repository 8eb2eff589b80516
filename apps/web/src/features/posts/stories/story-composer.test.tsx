import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../../test/render-page.tsx';
import { installFakeUpload, pickedFile } from '../../media/media-fixtures.ts';
import { StoryComposer } from './story-composer.tsx';
import { buildStory, buildStoryMedia, buildStoryMember, stubStoriesApi } from './story-fixtures.ts';
import { STORY_PROCESSING_POLL_MS } from './story-share.ts';

const me = buildMe({ _id: 'me' });
const mine = buildStoryMember('me', 'Amani');

afterEach(() => vi.unstubAllGlobals());

function open() {
  const onClose = vi.fn();
  renderPage('/home', <StoryComposer opened onClose={onClose} />, { me });
  return onClose;
}

/** Picks `file` in the composer's file field (as the device's picker would). */
function pick(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('the story composer', () => {
  it('uploads a photo for a story with its progress, then posts the story', async () => {
    const uploads = installFakeUpload();
    const requests = stubStoriesApi({ 'POST /api/stories': buildStory('s1', mine) });
    const onClose = open();
    pick(pickedFile('sun.jpg', 'image/jpeg'));
    fireEvent.click(await screen.findByRole('button', { name: 'Share the story' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const form = uploads[0]!.body as FormData;
    expect(uploads[0]!.url).toBe('/api/media/uploads');
    // The use comes before the file: the server reads it first.
    expect([...form.keys()]).toEqual(['use', 'file']);
    expect(form.get('use')).toBe('story');
    act(() => uploads[0]!.progress(512, 1024));
    expect(screen.getByText('Sending… 50%')).toBeTruthy();

    act(() => uploads[0]!.respond(201, buildStoryMedia('item1')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.path === '/api/stories')?.body).toEqual({
      media: 'item1',
      caption: '',
      visibility: 'public',
      allowed: [],
    });
  });

  it('offers to share again after the connection dropped, with the file already chosen', async () => {
    const uploads = installFakeUpload();
    stubStoriesApi({ 'POST /api/stories': buildStory('s1', mine) });
    const onClose = open();
    pick(pickedFile('sun.jpg', 'image/jpeg'));
    fireEvent.click(await screen.findByRole('button', { name: 'Share the story' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.fail());
    expect(
      await screen.findByText('You are offline. Your story will be sent when you try again online.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share the story' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect((uploads[1]!.body as FormData).get('file')).toBeTruthy();
    act(() => uploads[1]!.respond(201, buildStoryMedia('item1')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says why when the stories of the day are too many', async () => {
    const uploads = installFakeUpload();
    stubStoriesApi({
      'POST /api/stories': jsonResponse(429, { code: 'stories_limit_reached', message: 'Too many' }),
    });
    const onClose = open();
    pick(pickedFile('sun.jpg', 'image/jpeg'));
    fireEvent.click(await screen.findByRole('button', { name: 'Share the story' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.respond(201, buildStoryMedia('item2')));

    expect(
      await screen.findByText('You have posted many stories lately. Wait a little before posting another.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a photo or a video before sending anything', async () => {
    const uploads = installFakeUpload();
    stubStoriesApi({});
    open();
    pick(pickedFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share the story' })).toBeNull();
    expect(uploads).toHaveLength(0);
  });

  it(
    'follows a video while it is prepared, and on a refusal says why and takes the story back',
    async () => {
      const uploads = installFakeUpload();
      const processing = { ...buildStoryMedia('vid1', 'video'), status: 'processing' as const };
      const requests = stubStoriesApi({
        'POST /api/stories': buildStory('s9', mine, { media: processing }),
        'GET /api/media/uploads/vid1': { ...processing, status: 'failed', error: 'video_too_long' },
        'DELETE /api/stories/s9': null,
      });
      open();
      // The browser cannot tell this video's length (happy-dom loads nothing): the server decides.
      pick(pickedFile('long.mp4', 'video/mp4'));
      fireEvent.click(await screen.findByRole('button', { name: 'Share the story' }));
      await waitFor(() => expect(uploads).toHaveLength(1));
      act(() => uploads[0]!.respond(202, processing));

      expect(await screen.findByText(/Preparing your video/)).toBeTruthy();
      expect(
        await screen.findByText(
          'This video is too long. Posts take videos of up to 60 seconds, stories up to 30.',
          {},
          { timeout: STORY_PROCESSING_POLL_MS + 5000 },
        ),
      ).toBeTruthy();
      await waitFor(() =>
        expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/stories/s9')).toBe(true),
      );
    },
    STORY_PROCESSING_POLL_MS + 15_000,
  );
});

describe('the story composer’s audience', () => {
  const zola = {
    ...buildStoryMember('0b7c1b8e-8f0a-4b41-9a3c-1d2e3f4a5b6c', 'Zola'),
    _id: '0b7c1b8e-8f0a-4b41-9a3c-1d2e3f4a5b6c',
  };
  const lists = {
    'GET /api/users': { users: [{ ...zola, avatar: null }], count: 1 },
    'GET /api/conversations': { conversations: [], count: 0 },
  };

  it('posts a private story with its caption for the members ticked among the matches, never one shown to nobody', async () => {
    const uploads = installFakeUpload();
    const requests = stubStoriesApi({ ...lists, 'POST /api/stories': buildStory('s3', mine) });
    const onClose = open();
    pick(pickedFile('sun.jpg', 'image/jpeg'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Private' }));
    expect(screen.getByText('Only the members you choose see it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share the story' }));
    expect(await screen.findByText('Choose who can see it, or make it public.')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Zola K.' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Caption' }), { target: { value: 'For you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share the story' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.respond(201, buildStoryMedia('item3')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.path === '/api/stories')?.body).toEqual({
      media: 'item3',
      caption: 'For you',
      visibility: 'private',
      allowed: [zola._id],
    });
  });

  it('says so under the list when the server refuses a member chosen', async () => {
    const uploads = installFakeUpload();
    stubStoriesApi({
      ...lists,
      'POST /api/stories': jsonResponse(400, {
        code: 'validation_failed',
        message: 'Invalid',
        issues: [{ path: 'allowed', code: 'post_allowed_invalid', message: 'x' }],
      }),
    });
    const onClose = open();
    pick(pickedFile('sun.jpg', 'image/jpeg'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Private' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Zola K.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share the story' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.respond(201, buildStoryMedia('item4')));
    expect(await screen.findByText('Some of these members cannot be chosen')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
