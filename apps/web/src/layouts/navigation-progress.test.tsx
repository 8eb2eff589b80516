import { MantineProvider } from '@mantine/core';
import { nprogress } from '@mantine/nprogress';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../ui/theme.ts';
import { NavigationProgressBar } from './navigation-progress.tsx';

const barOf = (loading: boolean) => (
  <MantineProvider theme={theme} env="test">
    <NavigationProgressBar loading={loading} />
  </MantineProvider>
);
const renderBar = () => render(barOf(false));

afterEach(() => act(() => nprogress.reset()));

describe('NavigationProgressBar', () => {
  it('is hidden from assistive technology while no page loads (axe: no unnamed, regionless bar)', () => {
    renderBar();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const bar = document.querySelector('[role="progressbar"]')!;
    expect(bar.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('is a progress bar named for what it measures while a page loads', () => {
    renderBar();
    act(() => nprogress.start());
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeTruthy();
    act(() => nprogress.complete());
  });

  it('follows the navigation it is given: a bar while a page loads, hidden once it is there', async () => {
    const view = render(barOf(true));
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeTruthy();
    view.rerender(barOf(false));
    // The bar completes, then fades out of assistive technology.
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
