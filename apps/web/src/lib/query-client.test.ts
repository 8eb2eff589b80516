import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { pendingExitPath, setNavigator } from './navigation.ts';
import { followNetwork, hideOfflineNotice } from './notices.ts';
import { buildMe } from '../test/render-page.tsx';
import { handleApiError, ME_QUERY_KEY, queryClient, rememberedMe, rememberMe } from './query-client.ts';
import { meQueryOptions } from '../features/users/users.api.ts';

describe('handleApiError: the error catalogue of the spec', () => {
  const show = vi.spyOn(notifications, 'show');
  const hide = vi.spyOn(notifications, 'hide');
  const navigate = vi.fn();
  beforeEach(() => {
    show.mockClear();
    navigate.mockClear();
    setNavigator(navigate);
    queryClient.clear();
    hideOfflineNotice();
    hide.mockClear();
  });
  afterEach(() => queryClient.clear());

  it('on a 401 forgets the member and goes to login, remembering the page', () => {
    history.replaceState(null, '', '/settings/match?x=1');
    queryClient.setQueryData(ME_QUERY_KEY, { _id: 'u1' });
    queryClient.setQueryData(['conversations'], { conversations: [] });
    handleApiError(new ApiError(401, 'unauthorized', 'Please log in'));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['conversations'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Fsettings%2Fmatch%3Fx%3D1');
    expect(pendingExitPath()).toBe('/login?from=%2Fsettings%2Fmatch%3Fx%3D1');
    expect(show).not.toHaveBeenCalled();
  });

  it('on a 401 for a visitor does nothing more (a login form shows its own message)', () => {
    handleApiError(new ApiError(401, 'invalid_credentials', 'Invalid identifier or password'));
    expect(navigate).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  describe('with no answer, one persistent notice saying why', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      localStorage.clear();
    });
    const browser = (onLine: boolean, controller: object | null) =>
      vi.stubGlobal('navigator', { onLine, serviceWorker: { controller } });
    /** The device remembers the member's profile and no request gets an answer. */
    const rememberedProfileOnly = () => {
      rememberMe(buildMe());
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
    };

    it('offline, served by the service worker: "Not connected to the internet", the app running offline', () => {
      browser(false, {});
      handleApiError(new ApiError(0, 'network', 'offline'));
      handleApiError(new ApiError(0, 'network', 'offline'));
      expect(show).toHaveBeenCalledTimes(1);
      expect(show.mock.calls[0]![0]).toMatchObject({
        title: 'Not connected to the internet',
        message: 'App is running in offline mode',
        autoClose: false,
      });
    });

    it('offline, with no service worker: "Can\'t use offline mode"', () => {
      browser(false, null);
      handleApiError(new ApiError(0, 'network', 'offline'));
      expect(show.mock.calls[0]![0]).toMatchObject({
        title: 'Not connected to the internet',
        message: "Can't use offline mode",
      });
    });

    it('online but no answer: the server, "Failed to connect to the server"', () => {
      browser(true, {});
      handleApiError(new ApiError(0, 'network', 'offline'));
      expect(show.mock.calls[0]![0]).toMatchObject({
        message: 'Failed to connect to the server',
        autoClose: false,
      });
      expect(show.mock.calls[0]![0].title).toBeUndefined();
    });

    it('keeps it when the profile is answered by the device, not the server: the app runs offline', async () => {
      browser(false, {});
      rememberedProfileOnly();
      // The socket found no network first (lib/socket.ts); the profile's request fails after it.
      handleApiError(new ApiError(0, 'network', 'offline'));
      expect(await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 })).toMatchObject({
        _id: buildMe()._id,
      });
      expect(hide).not.toHaveBeenCalled();
      expect(show).toHaveBeenCalledTimes(1);
      expect(show.mock.calls[0]![0]).toMatchObject({ title: 'Not connected to the internet' });
    });

    it('shows it when the profile is answered by the device, whatever came first', async () => {
      browser(false, {});
      rememberedProfileOnly();
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      expect(show).toHaveBeenCalledTimes(1);
      expect(show.mock.calls[0]![0]).toMatchObject({ message: 'App is running in offline mode' });
    });

    it('hides it once the server answers', async () => {
      browser(true, {});
      handleApiError(new ApiError(0, 'network', 'offline'));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(buildMe()), { status: 200 })),
      );
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      expect(hide).toHaveBeenCalledTimes(1);
    });

    it('hides it when the server answers with an error too: it answered', async () => {
      browser(true, {});
      handleApiError(new ApiError(0, 'network', 'offline'));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ code: 'not_found', message: 'x' }), { status: 404 })),
      );
      await expect(api('/posts/p1')).rejects.toMatchObject({ status: 404 });
      expect(hide).toHaveBeenCalledTimes(1);
    });

    it('shows it as the network goes, before any call fails', () => {
      const stop = followNetwork();
      browser(false, {});
      window.dispatchEvent(new Event('offline'));
      stop();
      expect(show).toHaveBeenCalledTimes(1);
      expect(show.mock.calls[0]![0]).toMatchObject({ message: 'App is running in offline mode' });
    });
  });

  it.each([400, 404])('on a %s shows the translated message for 2 seconds', (status) => {
    handleApiError(new ApiError(status, 'not_found', 'Not found'));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({ autoClose: 2000, color: 'red' });
    expect(show.mock.calls[0]![0].message).toBeTruthy();
  });

  it('leaves form errors to the form', () => {
    handleApiError(new ApiError(400, 'validation_failed', 'x'), { form: true });
    expect(show).not.toHaveBeenCalled();
  });

  it('leaves the paywall’s 402 to the payment-required dialog, without a notice beside it', () => {
    handleApiError(new ApiError(402, 'payment_required', 'x', [], undefined, 'UserPopularity'));
    expect(show).not.toHaveBeenCalled();
  });
});

describe('the profile remembered on the device', () => {
  afterEach(() => {
    queryClient.clear();
    localStorage.clear();
  });

  it('follows every change of the cached profile, and is forgotten when it becomes null', () => {
    queryClient.setQueryData(ME_QUERY_KEY, buildMe({ match: { ...buildMe().match, sex: [] } }));
    expect(rememberedMe()?.match.sex).toEqual([]);
    // A saved setting (the onboarding's match preferences) updates the cache: the device follows.
    queryClient.setQueryData(ME_QUERY_KEY, buildMe({ match: { ...buildMe().match, sex: ['male'] } }));
    expect(rememberedMe()?.match.sex).toEqual(['male']);
    queryClient.setQueryData(ME_QUERY_KEY, null);
    expect(rememberedMe()).toBeNull();
  });
});
