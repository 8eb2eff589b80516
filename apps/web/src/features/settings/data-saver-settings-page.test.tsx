import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY, dataSaverOn } from '../../lib/data-saver.ts';
import { DataSaverSettingsPage } from './data-saver-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';

afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('DataSaverSettingsPage', () => {
  it('turns data saver on and off for this device, says what it does and what it costs', async () => {
    const user = userEvent.setup();
    const { unmount } = renderSettingsPage('/settings/data-saver', <DataSaverSettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Data saver' })).toBeTruthy();
    expect(screen.getByText(/Photos load smaller and only when you tap them/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What it costs' })).toBeTruthy();

    const toggle = screen.getByRole('switch', { name: /^Data saver/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('on');
    expect(dataSaverOn()).toBe(true);

    // Still on when the page opens again.
    unmount();
    renderSettingsPage('/settings/data-saver', <DataSaverSettingsPage />);
    const again = screen.getByRole('switch', { name: /^Data saver/ }) as HTMLInputElement;
    expect(again.checked).toBe(true);
    await user.click(again);
    expect(again.checked).toBe(false);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
  });

  it('says why it is on when the browser asked to save data, until the member chooses', async () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    const user = userEvent.setup();
    renderSettingsPage('/settings/data-saver', <DataSaverSettingsPage />);
    const toggle = screen.getByRole('switch', { name: /^Data saver/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(/your browser asks apps to save data/)).toBeTruthy();
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(screen.queryByText(/your browser asks apps to save data/)).toBeNull();
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
  });
});
