import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@motema/shared/users';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { PrivacySettingsPage } from './privacy-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const noticesOf = (show: { mock: { calls: unknown[][] } }) =>
  show.mock.calls.map(([notice]) => (notice as { message: string }).message);

describe('PrivacySettingsPage', () => {
  it('turns discreet mode on and off on the server, and says plainly what it hides and what stays', async () => {
    const me = buildMe({ discreet: false });
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse(200, { ...me, ...JSON.parse(String(init?.body)) }),
    );
    vi.stubGlobal('fetch', fetch);
    const notices = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    const { queryClient } = renderSettingsPage('/settings/privacy', <PrivacySettingsPage />, me);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(screen.getByText(/Only your matches and the people you chat with can still see you/)).toBeTruthy();
    expect(screen.getByText(/Nobody sees how far away you are/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What stays the same' })).toBeTruthy();

    const discreet = screen.getByRole('switch', { name: /^Discreet mode/ }) as HTMLInputElement;
    expect(discreet.checked).toBe(false);
    await user.click(discreet);
    await waitFor(() => expect(queryClient.getQueryData<Me>(ME_QUERY_KEY)?.discreet).toBe(true));
    expect(fetch).toHaveBeenCalledWith('/api/users/privacy', expect.objectContaining({ method: 'PATCH' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ discreet: true });
    await waitFor(() => expect(noticesOf(notices)).toEqual(['Discreet mode is on']));
    expect((screen.getByRole('switch', { name: /^Discreet mode/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('switch', { name: /^Discreet mode/ }));
    await waitFor(() => expect(queryClient.getQueryData<Me>(ME_QUERY_KEY)?.discreet).toBe(false));
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ discreet: false });
  });

  it('keeps the switch as it was and says so when the choice could not be saved', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, { statusCode: 400, code: 'bad_request', message: 'Bad request' }),
    );
    const notices = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderSettingsPage('/settings/privacy', <PrivacySettingsPage />, buildMe({ discreet: false }));
    await user.click(screen.getByRole('switch', { name: /^Discreet mode/ }));
    await waitFor(() =>
      expect(noticesOf(notices)).toEqual(['Your choice could not be saved. Please try again.']),
    );
    expect((screen.getByRole('switch', { name: /^Discreet mode/ }) as HTMLInputElement).checked).toBe(false);
  });
});
