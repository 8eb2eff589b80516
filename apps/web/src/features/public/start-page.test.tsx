import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.ts';
import { StartPage } from './start-page.tsx';

function renderStart(url: string) {
  const router = createMemoryRouter([{ path: '/', element: <StartPage /> }], { initialEntries: [url] });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const hrefs = (name: string) =>
  screen.getAllByRole('link', { name }).map((link) => link.getAttribute('href'));

describe('StartPage', () => {
  it('says what Motema is and offers the way in', () => {
    renderStart('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meet people who get you');
    expect(screen.getByText('Profiles with a photo get about 10 times more views.')).toBeTruthy();
    expect(screen.getByText('For adults aged 18 and over only.')).toBeTruthy();
    for (const benefit of [
      'Chat in real time',
      'Zones for what you love',
      'Your privacy comes first',
      'Light on your data',
    ]) {
      expect(screen.getByRole('heading', { name: benefit })).toBeTruthy();
    }
    expect(hrefs('Join Motema')).toEqual(['/register', '/register']);
    expect(hrefs('Log in')).toEqual(['/login']);
    expect(screen.queryByText('Log in to continue')).toBeNull();
  });

  it('tells a visitor sent here by the guard to log in, and passes the page on to the login', async () => {
    renderStart('/?from=%2Fmessages%2F42%3Ftab%3Dmedia');
    expect((await screen.findByRole('status')).textContent).toContain('Log in to continue');
    expect(hrefs('Log in')).toEqual([
      '/login?from=%2Fmessages%2F42%3Ftab%3Dmedia',
      '/login?from=%2Fmessages%2F42%3Ftab%3Dmedia',
    ]);
  });

  it('passes the page on to the sign-up too: it opens once the new account is ready', async () => {
    renderStart('/?from=%2Fzones%3Finvite%3Dk7P2qx');
    expect((await screen.findByRole('status')).textContent).toContain('New here? Join Motema');
    // The page's two, and the notice's: it lies over the page's foot, maybe over the page's own.
    expect(hrefs('Join Motema')).toEqual([
      '/register?from=%2Fzones%3Finvite%3Dk7P2qx',
      '/register?from=%2Fzones%3Finvite%3Dk7P2qx',
      '/register?from=%2Fzones%3Finvite%3Dk7P2qx',
    ]);
  });

  it('keeps the page as drawn while the notice comes, over its foot, and lets it be closed', async () => {
    renderStart('/?from=%2Fconversations');
    // At once, as the page painted from HTML shows it (the notice is not in that HTML): no skeleton
    // while the notice's code loads.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meet people who get you');
    const notice = await screen.findByRole('status');
    expect(getComputedStyle(notice).position).toBe('fixed');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('ignores a `from` that leads off the site', () => {
    renderStart('/?from=%2F%2Fevil.example');
    expect(screen.queryByRole('status')).toBeNull();
    expect(hrefs('Log in')).toEqual(['/login']);
    expect(hrefs('Join Motema')).toEqual(['/register', '/register']);
  });
});
