import { MantineProvider } from '@mantine/core';
import { nprogress } from '@mantine/nprogress';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../ui/theme.ts';
import { NavigationProgressBar } from './navigation-progress.tsx';

const renderBar = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <NavigationProgressBar />
    </MantineProvider>,
  );

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
});
