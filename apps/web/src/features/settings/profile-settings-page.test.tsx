import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileSettingsPage } from './profile-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const newcomer = buildMe({
  firstName: null,
  lastName: null,
  sex: null,
  name: 'amani',
  match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false },
});

describe('ProfileSettingsPage', () => {
  it('welcomes a newcomer, checks the required fields, then goes on to the match preferences', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse(200, { ...newcomer, ...JSON.parse(String(init?.body)), name: 'Amani' }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { router, queryClient } = renderSettingsPage(
      '/settings/profile',
      <ProfileSettingsPage />,
      newcomer,
    );

    expect(screen.getByRole('heading', { name: 'Complete your profile to start' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please choose your sex')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/First name/), 'Amani');
    await user.click(screen.getByLabelText('Female'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/match'));
    expect(fetch).toHaveBeenCalledWith('/api/users/profile', expect.objectContaining({ method: 'PUT' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      firstName: 'Amani',
      lastName: '',
      dateOfBirth: '1996-04-12',
      sex: 'female',
      relationship: null,
      orientation: null,
      about: '',
    });
    expect(queryClient.getQueryData<{ firstName: string }>(['users', 'profile'])?.firstName).toBe('Amani');
  });

  it('a refused Continue with only the sex missing brings the focus to the sex choices', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, newcomer);

    await user.type(screen.getByLabelText(/First name/), 'Amani');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please choose your sex')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Male')));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps what a newcomer typed in the first step through a reload, until it is saved', async () => {
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) =>
      jsonResponse(200, { ...newcomer, ...JSON.parse(String(init?.body)), name: 'Amani' }),
    );
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, newcomer);
    await user.type(screen.getByLabelText(/First name/), 'Amani');
    await user.click(screen.getByLabelText('Female'));
    await user.type(screen.getByLabelText('About you'), 'Music and long walks');
    // The phone drops the tab while another app is open: the page is drawn again from nothing.
    cleanup();

    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, newcomer);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/First name/).value).toBe('Amani'));
    expect(screen.getByLabelText<HTMLInputElement>('Female').checked).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('About you').value).toBe('Music and long walks');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });

  it('words the relationship choices for the sex chosen in the form', async () => {
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, buildMe({ sex: 'male' }));
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeTruthy();

    const relationship = screen.getByLabelText<HTMLSelectElement>('Relationship status', {
      selector: 'select',
    });
    const choices = () => [...relationship.options].map((option) => option.text);
    expect(choices()).toContain('Widower');

    await user.click(screen.getByLabelText('Female'));
    expect(choices()).toContain('Widow');
    expect(choices()).not.toContain('Widower');
    await user.selectOptions(relationship, 'Widow');
    expect(relationship.value).toBe('widowed');
  });

  it('keeps a member’s edit through a reload until it is saved, and says it is not saved yet', async () => {
    const me = buildMe({ about: 'Music' });
    const saved: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      saved.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, { ...me, ...JSON.parse(String(init?.body)) });
    });
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, me);
    await user.type(screen.getByLabelText('About you'), ' and long walks');
    // Sent while offline, the page reloads before the phone is back online: drawn again from nothing.
    cleanup();

    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, me);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('About you').value).toBe('Music and long walks'),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'What you typed before is back. It is not saved yet.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    expect(saved).toEqual([expect.objectContaining({ about: 'Music and long walks' })]);
    expect(screen.queryByText('What you typed before is back. It is not saved yet.')).toBeNull();
  });

  it('says nothing of a draft that is what was saved', async () => {
    const me = buildMe({ about: 'Music' });
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, me);
    await user.type(screen.getByLabelText('About you'), '!');
    await user.type(screen.getByLabelText('About you'), '{Backspace}');
    cleanup();

    renderSettingsPage('/settings/profile', <ProfileSettingsPage />, me);
    expect(screen.getByLabelText<HTMLTextAreaElement>('About you').value).toBe('Music');
    expect(screen.queryByText('What you typed before is back. It is not saved yet.')).toBeNull();
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });

  it('shows the server’s field issues under their fields and stays', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, {
        statusCode: 400,
        code: 'validation_failed',
        message: 'x',
        issues: [{ path: 'dateOfBirth', code: 'underage', message: 'x' }],
      }),
    );
    const user = userEvent.setup();
    const { router } = renderSettingsPage('/settings/profile', <ProfileSettingsPage />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You must be 18 or older to join Motema')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings/profile');
  });

  it('counts the characters of the about text', async () => {
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />);
    await user.type(screen.getByLabelText('About you'), 'Hello');
    expect(screen.getByText('5 / 500 characters')).toBeTruthy();
  });

  it('keeps a pasted about text over the limit whole, says so and saves nothing until it is shortened', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderSettingsPage('/settings/profile', <ProfileSettingsPage />);
    const about = screen.getByLabelText('About you') as HTMLTextAreaElement;
    await user.click(about);
    await user.paste(`${'a'.repeat(498)}🇨🇩 and more`);
    expect(about.value).toBe(`${'a'.repeat(498)}🇨🇩 and more`);
    expect(screen.getByText('Must not exceed 500 characters')).toBeTruthy();
    expect(screen.getByText('511 / 500 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch).not.toHaveBeenCalled();
  });
});
