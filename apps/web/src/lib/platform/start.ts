import { runsInNativeShell } from './native-shell.ts';
import type { ShellRouter } from './native/start.ts';
import { serverBound } from './server.ts';
import { afterFirstPage } from '../after-first-page.ts';

/**
 * What the platform starts with the app (main.tsx), before it renders. On the web: the service
 * worker's registration (apart in ./web/service-worker.ts because it imports the build's virtual
 * module, which tests do not have), once the first page is shown. In the native shell: its
 * implementations, loaded only there (a dynamic import: a chunk of its own, never fetched by the
 * web) and bound into the ports (decision 0048); if they fail to load, the web's stay and the app
 * still runs.
 */
export async function startPlatform(router: ShellRouter): Promise<void> {
  if (!runsInNativeShell()) {
    // The worker's registration and its code (and the build's virtual module) wait until the first
    // page is shown: neither in the start page's files (bar B5) nor among home's first requests
    // (decision 0056); what the page loaded before the worker took it over is kept all the same.
    afterFirstPage(
      () =>
        void import('./web/service-worker.ts')
          .then((worker) => worker.registerServiceWorker())
          .catch(() => undefined),
    );
    return;
  }
  try {
    const { startNativeShell } = await import('./native/start.ts');
    await startNativeShell(router);
  } catch (error) {
    console.error('The native shell did not start its platform', error);
    // The API calls waiting for the server's origin and session go all the same (../server.ts).
    serverBound(true);
  }
}
