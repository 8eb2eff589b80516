import type { Page } from 'playwright-core';

const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * Takes `page`'s context off the network and keeps each document it loads told so. Debian's Chromium
 * 150 starts every new document with `navigator.onLine` true while the context is offline (its
 * requests fail all the same), as no phone without a network does: each document loaded offline gets
 * the emulation again once it is committed, and so its `offline` event. Returns how to go back online.
 */
export async function goOffline(page: Page): Promise<() => Promise<void>> {
  const context = page.context();
  const session = await context.newCDPSession(page);
  const tell = (frame: unknown) => {
    if (frame === page.mainFrame())
      void session.send('Network.emulateNetworkConditions', OFFLINE).catch(() => {});
  };
  await context.setOffline(true);
  page.on('framenavigated', tell);
  return async () => {
    page.off('framenavigated', tell);
    await session.detach().catch(() => {});
    await context.setOffline(false);
  };
}
