import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/render-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { SettingsIndexPage } from './settings-index-page.tsx';

describe('SettingsIndexPage', () => {
  it('offers pausing and deleting the account in sight, not under how one logs in', () => {
    renderSettingsPage('/settings', <SettingsIndexPage />);
    const leave = screen.getByRole('region', { name: 'Leave Motema' });
    const links = [...leave.querySelectorAll('a')].map((link) => [
      link.getAttribute('href'),
      link.textContent?.startsWith('Take a break') || link.textContent?.startsWith('Delete the account'),
    ]);
    expect(links).toEqual([
      ['/settings/access/deactivate', true],
      ['/settings/access/delete', true],
    ]);
    expect(screen.getByRole('link', { name: /^E-mail and phone/ }).getAttribute('href')).toBe(
      '/settings/access',
    );
  });

  it('leads the staff to the moderation console, and shows a member no such entry', () => {
    const view = renderSettingsPage('/settings', <SettingsIndexPage />, buildMe({ role: 'moderator' }));
    expect(screen.getByRole('link', { name: /^Moderation/ }).getAttribute('href')).toBe('/moderation');
    view.unmount();
    renderSettingsPage('/settings', <SettingsIndexPage />, buildMe({ role: 'member' }));
    expect(screen.queryByRole('link', { name: /^Moderation/ })).toBeNull();
  });
});
