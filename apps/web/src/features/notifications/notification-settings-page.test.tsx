import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { NotificationSettings } from '@motema/shared/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render-page.tsx';
import { buildMe } from '../../test/render-page.tsx';
import { NotificationSettingsPage } from './notification-settings-page.tsx';

const french = (namespace: string) =>
  import.meta.glob<Record<string, unknown>>('../../locales/fr/*.json', { eager: true, import: 'default' })[
    `../../locales/fr/${namespace}.json`
  ]!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DEFAULTS: NotificationSettings = {
  push: ['message', 'match', 'request', 'comment', 'payment'],
  discreet: false,
  quietHours: null,
  timeZone: 'UTC',
  emailDigest: true,
};

type Put = Partial<NotificationSettings>;

/** A server holding the member's settings: GET answers them, PUT merges (or answers `refuse`'s answer). */
function stubServer(refuse?: (update: Put) => Response | undefined) {
  let held = { ...DEFAULTS };
  const puts: Put[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== '/api/notifications/settings')
      return jsonResponse(404, { statusCode: 404, code: 'not_found', message: 'x' });
    if (init?.method !== 'PUT') return jsonResponse(200, held);
    const update = JSON.parse(String(init.body)) as Put;
    puts.push(update);
    const refusal = refuse?.(update);
    if (refusal) return refusal;
    held = { ...held, ...update };
    return jsonResponse(200, held);
  });
  vi.stubGlobal('fetch', fetch);
  return { puts, held: () => held };
}

const render = () => renderPage('/settings/notifications', <NotificationSettingsPage />, { me: buildMe() });
const switchNamed = (name: RegExp) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('NotificationSettingsPage', () => {
  it('shows the member’s choices and saves each switch at once', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const visits = (await screen.findByRole('switch', {
      name: /Visits to your profile/,
    })) as HTMLInputElement;
    expect(visits.checked).toBe(false);
    expect(switchNamed(/New messages/).checked).toBe(true);

    await user.click(visits);
    expect(visits.checked).toBe(true);
    await waitFor(() =>
      expect(server.puts).toEqual([{ push: ['message', 'match', 'visit', 'request', 'comment', 'payment'] }]),
    );
    await user.click(switchNamed(/New messages/));
    await waitFor(() =>
      expect(server.puts.at(-1)).toEqual({ push: ['match', 'visit', 'request', 'comment', 'payment'] }),
    );

    await user.click(switchNamed(/^Discreet mode/));
    await waitFor(() => expect(server.puts.at(-1)).toEqual({ discreet: true }));
    await user.click(switchNamed(/^E-mail about unread messages/));
    await waitFor(() => expect(server.puts.at(-1)).toEqual({ emailDigest: false }));
    expect(server.held()).toMatchObject({ discreet: true, emailDigest: false });
    expect(switchNamed(/^E-mail about unread messages/).checked).toBe(false);
  });

  it('lets the member choose each of the zones’ kinds', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    render();
    const posts = (await screen.findByRole('switch', {
      name: /New posts in your zones/,
    })) as HTMLInputElement;
    const requests = switchNamed(/Requests to join the zones you run/);
    const answers = switchNamed(/Answers to your requests to join a zone/);
    expect([requests.checked, answers.checked, posts.checked]).toEqual([false, false, false]);

    await user.click(requests);
    await user.click(answers);
    await user.click(posts);
    await waitFor(() =>
      expect(server.puts.at(-1)).toEqual({
        push: ['message', 'match', 'request', 'comment', 'payment', 'zoneRequest', 'zoneAnswer', 'zonePost'],
      }),
    );
    await user.click(posts);
    await waitFor(() => expect(server.held().push).not.toContain('zonePost'));
    expect([requests.checked, answers.checked, posts.checked]).toEqual([true, true, false]);
  });

  it('turns quiet hours on with the browser’s time zone, and changes their times', async () => {
    const server = stubServer();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: /^Hold notifications at set hours/ }));
    await waitFor(() =>
      expect(server.puts).toEqual([{ quietHours: { start: 1320, end: 420 }, timeZone: zone }]),
    );
    expect(await screen.findByText(`In your time zone: ${zone}`)).toBeTruthy();
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('22:00');
    fireEvent.change(from, { target: { value: '23:30' } });
    await waitFor(() =>
      expect(server.puts.at(-1)).toEqual({ quietHours: { start: 1410, end: 420 }, timeZone: zone }),
    );
    await user.click(switchNamed(/^Hold notifications at set hours/));
    await waitFor(() => expect(server.puts.at(-1)).toEqual({ quietHours: null }));
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('says a refused change translated, where it belongs, and puts the switch back', async () => {
    stubServer((update) => {
      if (update.quietHours?.start === update.quietHours?.end && update.quietHours)
        return jsonResponse(400, {
          statusCode: 400,
          code: 'validation_failed',
          message: 'Some fields are not valid',
          issues: [{ path: 'quietHours', code: 'quiet_hours_empty', message: 'server words' }],
        });
      if (update.discreet)
        return jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'server words' });
      return undefined;
    });
    const shown = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: /^Hold notifications at set hours/ }));
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '07:00' } });
    // The shared text of the code, not the server's words, in the theme's error colour (AA on white).
    const alert = await screen.findByText('Quiet hours must start and end at different times');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.getAttribute('style')).toContain('var(--mantine-color-error)');

    const discreet = switchNamed(/^Discreet mode/);
    await user.click(discreet);
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Too many attempts. Please wait and try again.', color: 'red' }),
      ),
    );
    await waitFor(() => expect(discreet.checked).toBe(false));
    expect(screen.queryByText('server words')).toBeNull();
  });

  it('speaks French: the page and a refusal in the member’s language', async () => {
    i18next.addResourceBundle('fr', 'settings', french('settings'));
    i18next.addResourceBundle('fr', 'validation', french('validation'));
    await act(() => i18next.changeLanguage('fr'));
    try {
      stubServer((update) =>
        update.quietHours && update.quietHours.start === update.quietHours.end
          ? jsonResponse(400, {
              statusCode: 400,
              code: 'validation_failed',
              message: 'Some fields are not valid',
              issues: [{ path: 'quietHours', code: 'quiet_hours_empty', message: 'server words' }],
            })
          : undefined,
      );
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('switch', { name: /^Suspendre les notifications/ }));
      fireEvent.change(await screen.findByLabelText('À'), { target: { value: '22:00' } });
      const alert = await screen.findByText(
        'Les heures calmes doivent commencer et finir à des heures différentes',
      );
      expect(alert.getAttribute('role')).toBe('alert');
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});
