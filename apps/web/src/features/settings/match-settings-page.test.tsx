import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@motema/shared/users';
import { MatchSettingsPage } from './match-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { isPhotoStepDue } from '../../lib/photo-step.ts';
import { buildImage } from '../media/media-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** The server, answering each save of the preferences with the member who has them. */
function answerSaves(me: Me) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    jsonResponse(200, { ...me, match: JSON.parse(String(init?.body)) }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('MatchSettingsPage', () => {
  it('as the last required onboarding step, asks for at least one choice, then goes home', async () => {
    const me = buildMe({
      match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false },
      avatar: buildImage('p1'),
    });
    const fetch = answerSaves(me);
    const user = userEvent.setup();
    const { router } = renderSettingsPage('/settings/match', <MatchSettingsPage />, me);

    expect(screen.getByRole('heading', { name: 'Who would you like to meet?' })).toBeTruthy();
    expect(screen.getByText('18 to 99 years old')).toBeTruthy();
    expect(screen.getByText('Up to 100 km')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    expect(await screen.findByText('Choose at least one')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Men'));
    await user.click(screen.getByLabelText('Non-binary people'));
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetch).toHaveBeenCalledWith('/api/users/match', expect.objectContaining({ method: 'PUT' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      sex: ['male', 'non_binary'],
      ageMin: 18,
      ageMax: 99,
      distance: 100,
      verifiedOnly: false,
    });
  });

  it('a refused submit with nobody chosen brings the focus to the first choice', async () => {
    const me = buildMe({ match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false } });
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    expect(await screen.findByText('Choose at least one')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Men')));
  });

  it('says "Choose at least one" once: the hint gives way to the error that repeats it', async () => {
    const me = buildMe({ match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false } });
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    expect(screen.getByText('Choose at least one.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    expect(await screen.findByText('Choose at least one')).toBeTruthy();
    expect(screen.queryAllByText(/Choose at least one/)).toHaveLength(1);
  });

  it('without an avatar, offers the photo step next (due on this device) instead of going home', async () => {
    const me = buildMe({ match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false } });
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) =>
      jsonResponse(200, { ...me, match: JSON.parse(String(init?.body)) }),
    );
    const user = userEvent.setup();
    const { router } = renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    await user.click(screen.getByLabelText('Women'));
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/photo'));
    expect(isPhotoStepDue(me._id)).toBe(true);
  });

  it('moves the distance with the keyboard and stays on the page after saving', async () => {
    const me = buildMe();
    const fetch = answerSaves(me);
    const user = userEvent.setup();
    const { router } = renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    screen.getByRole('slider', { name: 'Distance' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Up to 55 km')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ sex: ['male'], distance: 55 });
    expect(router.state.location.pathname).toBe('/settings/match');
  });

  it('keeps what was chosen through a reload until it is saved, and says it is not saved yet', async () => {
    const me = buildMe();
    const fetch = answerSaves(me);
    const user = userEvent.setup();
    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    await user.click(screen.getByLabelText('Women'));
    screen.getByRole('slider', { name: 'Distance' }).focus();
    await user.keyboard('{ArrowRight}');
    // Sent while offline, the page reloads before the phone is back online: drawn again from nothing.
    cleanup();

    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    await waitFor(() => expect(screen.getByText('Up to 55 km')).toBeTruthy());
    expect(screen.getByLabelText<HTMLInputElement>('Women').checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'What you chose before is back. It is not saved yet.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({
      sex: ['male', 'female'],
      distance: 55,
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('puts a kept draft back within what the form offers, and forgets one that is what is saved', () => {
    const me = buildMe();
    sessionStorage.setItem(
      `motema.matchDraft.${me._id}`,
      JSON.stringify({
        sex: ['female', 'robots'],
        ageMin: 12,
        ageMax: 140,
        distance: 57.5,
        verifiedOnly: 'yes',
      }),
    );
    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    expect(screen.getByLabelText<HTMLInputElement>('Women').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Men').checked).toBe(false);
    expect(screen.getByText('18 to 99 years old')).toBeTruthy();
    expect(screen.getByText('Up to 60 km')).toBeTruthy();
    cleanup();

    sessionStorage.setItem(`motema.matchDraft.${me._id}`, JSON.stringify(me.match));
    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    expect(screen.queryByRole('status')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('asks for verified members only with a switch, saved with the other preferences', async () => {
    const me = buildMe();
    const fetch = answerSaves(me);
    const user = userEvent.setup();
    renderSettingsPage('/settings/match', <MatchSettingsPage />, me);
    const verifiedOnly = screen.getByRole('switch', { name: /^Verified members only/ }) as HTMLInputElement;
    expect(verifiedOnly.checked).toBe(false);
    expect(screen.getByText('Show me only members whose selfie a moderator has checked.')).toBeTruthy();
    await user.click(verifiedOnly);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ verifiedOnly: true });
    expect((screen.getByRole('switch', { name: /^Verified members only/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows no value bubble over the headings while a slider is moved: the headings say the values', async () => {
    renderSettingsPage('/settings/match', <MatchSettingsPage />);
    const user = userEvent.setup();
    for (const name of ['Distance', 'Minimum age', 'Maximum age']) {
      await user.click(screen.getByRole('slider', { name }));
      await user.keyboard('{ArrowRight}');
      expect(document.querySelector('.mantine-Slider-label, .mantine-RangeSlider-label'), name).toBeNull();
    }
  });
});
