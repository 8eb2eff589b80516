/**
 * What the member is writing survives leaving the thread and a reload of the page (a tab the phone
 * killed on a weak connection): the draft is kept per conversation and per member until sent.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composer, renderThread, stubFetch } from '../thread/messages-page-fixtures.tsx';
import { threadOf } from '../thread/thread-fixtures.ts';
import { keptDraft } from './composer-draft.ts';

beforeEach(() => {
  localStorage.clear();
  stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('the chat composer’s draft', () => {
  it('comes back after leaving the thread, and is forgotten once sent', async () => {
    const user = userEvent.setup();
    renderThread(threadOf([]));
    await user.type(composer(), 'I was about to say');
    cleanup();

    const thread = threadOf([]);
    renderThread(thread);
    expect((composer() as HTMLTextAreaElement).value).toBe('I was about to say');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(thread.send).toHaveBeenCalledWith({ text: 'I was about to say', files: [], replyTo: null });
    cleanup();

    renderThread(threadOf([]));
    expect((composer() as HTMLTextAreaElement).value).toBe('');
  });

  it('is kept for its member only', () => {
    expect(keptDraft('someone-else', 'c-1')).toBe('');
  });
});
