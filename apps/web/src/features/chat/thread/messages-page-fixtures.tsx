/**
 * The thread page under test: `MessagesPage` on a fake `useThread` (a `FakeThread` from thread-fixtures.ts),
 * its attachments stubbed, the API answered by per-test routes. Importing this module mocks those modules
 * for the importing test file (the `vi.mock` calls below are hoisted above this module's imports).
 */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { SocketContext } from '../../../lib/socket.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { buildMe, jsonResponse, renderPage } from '../../../test/render-page.tsx';
import { MessagesPage } from './messages-page.tsx';
import { CONVERSATION, type FakeThread, ME } from './thread-fixtures.ts';

const mocked = vi.hoisted(() => ({ thread: null as unknown }));

vi.mock('./use-thread.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useThread: () => mocked.thread,
}));
// The attachments' components have their own tests; here they only need to be there.
vi.mock('../attachments/message-files.tsx', () => ({
  MessageFiles: ({ files }: { files: unknown[] }) => <p>{files.length} file(s)</p>,
}));
vi.mock('../attachments/attach-button.tsx', () => ({
  AttachButton: () => <button type="button">Attach</button>,
}));
vi.mock('../attachments/pending-files-preview.tsx', () => ({ PendingFilesPreview: () => null }));
vi.mock('../attachments/voice-record-button.tsx', () => ({
  VoiceRecordButton: () => <button type="button">Record</button>,
}));

type Handler = (body: unknown, url: URL) => Response;

/** `fetch` answering `"METHOD /api/path"` routes with their handler, 404 otherwise. */
export function stubFetch(routes: Record<string, Handler> = {}) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(body, url) : jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The bodies of the requests made to `"METHOD /api/path"`. */
export const calls = (fetch: ReturnType<typeof stubFetch>, key: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}` === key,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));

/** The page of the thread's conversation, showing `thread`, seen by the member ME. */
export function renderThread(thread: FakeThread, socket = new FakeSocket()) {
  mocked.thread = thread;
  const view = renderPage(
    '/messages/:id',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <MessagesPage />
    </SocketContext>,
    { url: `/messages/${CONVERSATION}`, me: buildMe({ _id: ME }) },
  );
  return { ...view, socket };
}

export const composer = () => screen.getByRole('textbox', { name: 'Message' });
export const bubbleOf = (text: string) =>
  screen.getByText(text).closest<HTMLElement>('[data-testid="thread-item"]')!;

export async function openMenuOf(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(within(bubbleOf(text)).getByRole('button', { name: 'Message options' }));
}
