import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideOfflineNotice, showOfflineNotice } from '../lib/notices.ts';
import { noticesOffset } from './notices-offset.ts';
import { NotificationsHost } from './notifications-host.tsx';
import { theme } from './theme.ts';

afterEach(() => {
  act(() => {
    hideOfflineNotice();
    notifications.clean();
  });
  vi.restoreAllMocks();
});

/** A page with its own top bar (a thread's: back, the member, the menu), 60 px high at the top. */
function renderThreadPage() {
  const rect = (top: number, bottom: number) => ({ top, bottom }) as DOMRect;
  return render(
    <MantineProvider theme={theme} env="test">
      <header
        ref={(node) => {
          if (node) vi.spyOn(node, 'getBoundingClientRect').mockReturnValue(rect(0, 60));
        }}
      >
        <button type="button">Back</button>
      </header>
      <NotificationsHost />
    </MantineProvider>,
  );
}

describe('the notices', () => {
  it('start under the page top bar while the connection notice shows (never over its controls)', async () => {
    renderThreadPage();
    act(() => showOfflineNotice());
    const notice = await screen.findByRole('alert');
    const root = notice.closest<HTMLElement>('[data-position="top-center"]');
    expect(root?.style.getPropertyValue('--notices-below-bars'), 'below the 60 px bar').toBe('60px');
  });

  it('sit below the lowest bar in the top half of the screen, at the top with none', () => {
    expect(noticesOffset([], 740)).toBe(0);
    expect(noticesOffset([{ top: 0, bottom: 52 }], 740)).toBe(52);
    // Home's header and a sheet's title over it; a post's header lower on the page does not count.
    const bars = [
      { top: 0, bottom: 52 },
      { top: 0, bottom: 60.4 },
      { top: 500, bottom: 540 },
    ];
    expect(noticesOffset(bars, 740)).toBe(61);
    // Scrolled out of view, or not drawn (hidden): nothing to stay clear of.
    expect(
      noticesOffset(
        [
          { top: -80, bottom: -20 },
          { top: 0, bottom: 0 },
        ],
        740,
      ),
    ).toBe(0);
  });
});
