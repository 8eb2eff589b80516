import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaItem } from '@motema/shared/posts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../../test/render-page.tsx';
import { buildCard } from '../../discovery/discovery-fixtures.ts';
import { renderNotices } from '../../safety/render-notices.tsx';
import { PostComposer } from './post-composer.tsx';
import {
  AMANI,
  bodyOf,
  buildPost,
  callsOf,
  photoItem,
  refusal,
  stubPostsApi,
  videoItem,
} from '../posts-fixtures.ts';

/** XMLHttpRequest as the uploads use it: progress, then the answer `answer` gives for the form. */
class FakeXhr {
  static sent: FormData[] = [];
  /** `null`: no answer, the connection dropped. */
  static answer: (form: FormData) => { status: number; body: unknown } | null = () => ({
    status: 201,
    body: photoItem(),
  });
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open() {}
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    FakeXhr.sent.push(form);
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        const answer = FakeXhr.answer(form);
        if (!answer) return this.onerror?.();
        const { status, body } = answer;
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 10);
    });
  }
}

const user = userEvent.setup({ applyAccept: false });
const me = buildMe({ _id: AMANI._id, firstName: 'Amani', name: 'Amani' });
const ZOLA = buildCard(7, { _id: '0b7c1b8e-8f0a-4b41-9a3c-1d2e3f4a5b6c', firstName: 'Zola', name: 'Zola' });
const lists = {
  'GET /api/users': () => ({ users: [ZOLA], count: 1 }),
  'GET /api/conversations': () => ({ conversations: [], count: 0 }),
};

beforeEach(() => {
  renderNotices();
  FakeXhr.sent = [];
  FakeXhr.answer = (form) => ({ status: 201, body: photoItem(`item-${FakeXhr.sent.indexOf(form) + 1}`) });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const file = (name: string, type: string, size = 1000) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

function open() {
  const view = renderPage('/posts', <PostComposer opened onClose={() => undefined} />, { me });
  const dialog = screen.getByRole('dialog', { name: 'New post' });
  const input = (accept: RegExp) =>
    [...dialog.querySelectorAll<HTMLInputElement>('input[type=file]')].find((element) =>
      accept.test(element.accept),
    )!;
  return {
    ...view,
    dialog,
    photos: () => input(/image/),
    video: () => input(/^video/),
    audio: () => input(/^audio/),
  };
}

describe('PostComposer refusals, before anything is sent', () => {
  it('refuses a file that is no photo, video or podcast (an SVG), and uploads nothing', async () => {
    stubPostsApi(lists);
    const { photos } = open();
    await user.upload(photos(), file('logo.svg', 'image/svg+xml'));
    expect(
      await screen.findByText('This file cannot be posted. Send a photo, a video or an audio file.'),
    ).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a video beside photos: one kind per post', async () => {
    stubPostsApi(lists);
    const { photos, dialog } = open();
    await user.upload(photos(), file('a.jpg', 'image/jpeg'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    // The video and podcast buttons give way once a photo is chosen.
    expect((within(dialog).getByRole('button', { name: 'Video' }) as HTMLButtonElement).disabled).toBe(true);
    await user.upload(photos(), file('b.mp4', 'video/mp4'));
    expect(
      await screen.findByText('A post holds up to 10 photos, or one video, or one podcast'),
    ).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('takes 10 photos at most and says so', async () => {
    stubPostsApi(lists);
    const { photos } = open();
    await user.upload(
      photos(),
      Array.from({ length: 11 }, (_, index) => file(`p${index}.jpg`, 'image/jpeg')),
    );
    expect(await screen.findByText('A post holds at most 10 photos')).toBeTruthy();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(10));
  });

  it('refuses a video over 100 MB before sending a byte of it', async () => {
    stubPostsApi(lists);
    const { video } = open();
    await user.upload(video(), file('long.mp4', 'video/mp4', 101 * 1024 * 1024));
    expect(await screen.findByText(/This file is too large/)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses an empty post, and a private post shown to nobody, each until it is mended', async () => {
    const fetch = stubPostsApi(lists);
    const { dialog } = open();
    const empty = 'Write something or add a photo, a video or a podcast';
    const nobody = 'Choose who can see it, or make it public.';
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(empty)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Only for you');
    expect(screen.queryByText(empty), 'the first refusal, once something is written').toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    // Said under the members to choose from, as the story composer says it.
    const said = await screen.findByText(nobody);
    expect(said.compareDocumentPosition(screen.getByText(/Only the members you choose/))).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Public' }));
    expect(screen.queryByText(nobody), 'the second refusal, once the post is public').toBeNull();
    expect(callsOf(fetch)).not.toContain('POST /api/posts');
  });
});

describe('PostComposer', () => {
  it('uploads the photos as they are chosen, then publishes them with the text', async () => {
    const fetch = stubPostsApi({
      ...lists,
      'POST /api/posts': () => jsonResponse(201, buildPost({ author: AMANI })),
    });
    const onClose = vi.fn();
    renderPage('/posts', <PostComposer opened onClose={onClose} />, { me });
    const dialog = screen.getByRole('dialog', { name: 'New post' });
    const input = dialog.querySelector<HTMLInputElement>('input[type=file][accept*=image]')!;
    await user.upload(input, [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')]);
    expect(FakeXhr.sent[0]!.get('use')).toBe('post');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Two photos');
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(fetch, 'POST /api/posts')).toEqual({
      text: 'Two photos',
      media: ['item-1', 'item-2'],
      visibility: 'public',
      allowed: [],
    });
    expect(await screen.findByText('Your post is published.')).toBeTruthy();
  });

  it('sends a photo again whose upload the connection dropped, from the file already chosen', async () => {
    stubPostsApi({ ...lists, 'POST /api/posts': () => jsonResponse(201, buildPost({ author: AMANI })) });
    FakeXhr.answer = (form) =>
      FakeXhr.sent.indexOf(form) === 0 ? null : { status: 201, body: photoItem('item-2') };
    const { dialog, photos } = open();
    await user.upload(photos(), [file('market.jpg', 'image/jpeg')]);
    expect(await within(dialog).findByText('Not connected to the internet')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send market.jpg again' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect((FakeXhr.sent[1]!.get('file') as File).name).toBe('market.jpg');
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(within(dialog).queryByText('Not connected to the internet')).toBeNull();
  });

  it('publishes a private post for the members ticked among the matches', async () => {
    const fetch = stubPostsApi({ ...lists, 'POST /api/posts': () => jsonResponse(201, buildPost()) });
    const { dialog } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'For Zola');
    await user.click(within(dialog).getByRole('radio', { name: 'Private' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Zola' }));
    expect(within(dialog).getByText('1 member chosen')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'POST /api/posts')).toEqual({
        text: 'For Zola',
        media: [],
        visibility: 'private',
        allowed: [ZOLA._id],
      }),
    );
  });

  it('finds by name any of up to 100 matches for the allow list, not only the 12 a list page holds', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      buildCard(100 + i, {
        _id: `0b7c1b8e-8f0a-4b41-9a3c-${String(i).padStart(12, '0')}`,
        firstName: i === 39 ? 'Yaya' : `Member${i}`,
        name: i === 39 ? 'Yaya' : `Member${i}`,
      }),
    );
    const fetch = stubPostsApi({
      ...lists,
      'GET /api/users': (url) => {
        const limit = Number(url.searchParams.get('limit') ?? 12);
        return { users: many.slice(0, limit), count: many.length };
      },
    });
    const { dialog } = open();
    await user.click(within(dialog).getByRole('radio', { name: 'Private' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Search by name' }), 'yaya');
    expect(await within(dialog).findByRole('checkbox', { name: 'Yaya' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Member1' })).toBeNull();
    const asked = callsOf(fetch).filter((call) => call.startsWith('GET /api/users?'));
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) {
      const query = new URL(call.slice(4), 'http://localhost').searchParams;
      expect([query.get('filter'), query.get('limit')]).toEqual(['rated-each', '100']);
    }
  });

  it('follows a video while it is prepared and says why the media worker refused it', async () => {
    const processing: MediaItem = videoItem('vid-1', { status: 'processing', sources: [], image: null });
    FakeXhr.answer = () => ({ status: 202, body: processing });
    const fetch = stubPostsApi({
      ...lists,
      'GET /api/media/uploads/vid-1': () => ({ ...processing, status: 'failed', error: 'video_too_long' }),
    });
    const { video, dialog } = open();
    await user.upload(video(), file('clip.mp4', 'video/mp4'));
    expect(
      await screen.findByText(
        'This video is too long. Posts take videos of up to 60 seconds, stories up to 30.',
      ),
    ).toBeTruthy();
    expect(callsOf(fetch)).toContain('GET /api/media/uploads/vid-1');
    expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says the server’s refusal of an upload under its preview', async () => {
    FakeXhr.answer = () => ({
      status: 400,
      body: { statusCode: 400, code: 'media_type_unsupported', message: 'x' },
    });
    stubPostsApi(lists);
    const { photos } = open();
    await user.upload(photos(), file('renamed.jpg', 'image/jpeg'));
    expect(
      await screen.findByText('This file cannot be posted. Send a photo, a video or an audio file.'),
    ).toBeTruthy();
  });

  it('says the server’s refusal of the post in words', async () => {
    stubPostsApi({ ...lists, 'POST /api/posts': () => refusal(400, 'post_media_mixed') });
    const { dialog } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'A post holds up to 10 photos, or one video, or one podcast',
    );
  });
});
