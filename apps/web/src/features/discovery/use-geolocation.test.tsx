import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GEOLOCATION_REJECTION_SKIP_MS, GEOLOCATION_TIMEOUT_MS } from '@motema/shared/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../lib/socket.ts';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { FakeSocket } from '../../test/fake-socket.ts';
import { listRequests, stubApi } from './discovery-fixtures.ts';
import { NearSection } from './near-section.tsx';
import { GEOLOCATION_SENT_KEY } from './use-geolocation.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const POSITION = {
  coords: {
    accuracy: 12,
    altitude: null,
    altitudeAccuracy: null,
    heading: Number.NaN,
    latitude: -4.3217,
    longitude: 15.3125,
    speed: null,
  },
  timestamp: NOW.getTime(),
};

/** navigator.geolocation answering with `answer` (a position, or an error code). */
function stubGeolocation(answer: typeof POSITION | { code: number }) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure: PositionErrorCallback, _options?: PositionOptions) => {
      if ('coords' in answer) success(answer as unknown as GeolocationPosition);
      else failure({ code: answer.code, message: 'no' } as GeolocationPositionError);
    },
  );
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

function stubPermission(state: PermissionState | null) {
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: state ? { query: async () => ({ state }) } : undefined,
  });
}

function renderNear(socket: FakeSocket, shared = false) {
  return renderPage(
    '/home',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <NearSection />
    </SocketContext>,
    { me: buildMe({ locationShared: shared }) },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  stubPermission(null);
  // Without IntersectionObserver the near list counts as on screen (use-on-screen.ts), so it is asked for.
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('near me (useGeolocation)', () => {
  it('sends an accurate position through the socket, then refreshes the member and the near list', async () => {
    const me = buildMe({ locationShared: true });
    const fetch = stubApi(
      { near: { users: [], count: 0 } },
      { 'GET /api/users/profile': () => jsonResponse(200, me) },
    );
    const getCurrentPosition = stubGeolocation(POSITION);
    const socket = new FakeSocket();
    const user = userEvent.setup();
    renderNear(socket);

    await user.click(screen.getByRole('button', { name: 'Share my position' }));
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({
      enableHighAccuracy: true,
      timeout: GEOLOCATION_TIMEOUT_MS,
    });
    await waitFor(() => expect(socket.emitted).toHaveLength(1));
    expect(socket.emitted[0]).toEqual({
      event: 'users:users:update:coordinates',
      args: [{ ...POSITION.coords, heading: null }],
    });
    await waitFor(() => expect(listRequests(fetch, 'near')).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/api/users/profile', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal, translated', async () => {
    stubApi({});
    stubGeolocation(POSITION);
    const socket = new FakeSocket();
    socket.ack = { ok: false, code: 'validation_failed' };
    const user = userEvent.setup();
    renderNear(socket);
    await user.click(screen.getByRole('button', { name: 'Share my position' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields are not valid');
  });

  it('remembers a refusal for 10 minutes and does not ask the browser again before', async () => {
    stubApi({});
    const getCurrentPosition = stubGeolocation({ code: 1 });
    const socket = new FakeSocket();
    const user = userEvent.setup();
    renderNear(socket);
    const share = () => user.click(screen.getByRole('button', { name: 'Share my position' }));

    await share();
    expect((await screen.findByRole('alert')).textContent).toContain('Motema may not use your position');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    vi.setSystemTime(NOW.getTime() + GEOLOCATION_REJECTION_SKIP_MS - 1000);
    await share();
    expect((await screen.findByRole('alert')).textContent).toContain('Motema may not use your position');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    vi.setSystemTime(NOW.getTime() + GEOLOCATION_REJECTION_SKIP_MS + 1);
    await share();
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(2));
    expect(socket.emitted).toEqual([]);
  });

  it('shows a timeout as such', async () => {
    stubApi({});
    stubGeolocation({ code: 3 });
    const user = userEvent.setup();
    renderNear(new FakeSocket());
    await user.click(screen.getByRole('button', { name: 'Share my position' }));
    expect((await screen.findByRole('alert')).textContent).toContain('took too long');
  });

  it('refreshes a shared position on a later visit without asking, at most once a minute', async () => {
    const me = buildMe({ locationShared: true });
    stubApi({}, { 'GET /api/users/profile': () => jsonResponse(200, me) });
    stubPermission('granted');
    const getCurrentPosition = stubGeolocation(POSITION);
    const socket = new FakeSocket();
    const first = renderNear(socket, true);
    await waitFor(() => expect(socket.emitted).toHaveLength(1));
    first.unmount();

    // Back on home 30 seconds later: too soon.
    vi.setSystemTime(NOW.getTime() + 30_000);
    const second = renderNear(socket, true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    second.unmount();
    expect(Number(localStorage.getItem(GEOLOCATION_SENT_KEY))).toBe(NOW.getTime());

    // Not allowed by the browser (any more): nothing is asked.
    stubPermission('prompt');
    vi.setSystemTime(NOW.getTime() + 120_000);
    renderNear(socket, true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });
});
