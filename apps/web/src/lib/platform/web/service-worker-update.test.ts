import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion, setServiceWorkerUpdate } from './service-worker-update.ts';

/** A registration as the browser gives it: `update()` finds the new worker (installing, then waiting). */
function registrationFindingNewWorker(found: boolean) {
  const registration = {
    installing: null as null | (EventTarget & { state: string }),
    waiting: null as null | object,
    update: vi.fn(async () => {
      if (!found) return;
      const worker = Object.assign(new EventTarget(), { state: 'installing' });
      registration.installing = worker;
      setTimeout(() => {
        worker.state = 'installed';
        registration.installing = null;
        registration.waiting = worker;
        worker.dispatchEvent(new Event('statechange'));
      }, 10);
    }),
  };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistration: async () => registration } });
  return registration;
}

describe('reloading into the new version', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the worker for its new script and hands over to it once it waits (registerSW reloads)', async () => {
    const update = vi.fn(async () => undefined);
    setServiceWorkerUpdate(update);
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
    const registration = registrationFindingNewWorker(true);
    await reloadIntoNewVersion('/');
    expect(registration.update).toHaveBeenCalled();
    expect(update).toHaveBeenCalledWith(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('loads the url from the network when no new worker came', async () => {
    const update = vi.fn(async () => undefined);
    setServiceWorkerUpdate(update);
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
    registrationFindingNewWorker(false);
    await reloadIntoNewVersion('/');
    expect(update).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/');
  });
});
