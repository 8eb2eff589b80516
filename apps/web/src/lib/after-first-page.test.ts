import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a new page sees it (its first page is shown once per page). */
const load = async () => {
  vi.resetModules();
  return import('./after-first-page.ts');
};

describe('afterFirstPage', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the first page to be shown, then for an idle moment', async () => {
    vi.useFakeTimers();
    const { afterFirstPage, firstPageShown } = await load();
    const task = vi.fn();
    afterFirstPage(task);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).not.toHaveBeenCalled();
    firstPageShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback: lib/when-idle.ts's timer stands in for it.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs a task asked for after the first page was shown, once idle', async () => {
    vi.useFakeTimers();
    const { afterFirstPage, firstPageShown } = await load();
    firstPageShown();
    const task = vi.fn();
    afterFirstPage(task);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
