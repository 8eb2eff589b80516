/** What B6's session steps do on a screen: note what it shows, find the cards on it, navigate, settle. */
import type { Page } from 'playwright-core';
import type { Shown } from './session-run.ts';
import type { WireCounter } from './session-wire.ts';

/** Adds the lines of text of <main> and the photos drawn to `shown`. */
export async function noteShown(page: Page, shown: Shown): Promise<void> {
  const seen = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const photos: [string, string][] = [];
    for (const img of Array.from(document.querySelectorAll('img'))) {
      const match = /\/api\/media\/([^/]+)\//.exec(img.currentSrc || img.src);
      if (match && img.complete && img.naturalWidth > 0) photos.push([match[1]!, img.currentSrc || img.src]);
    }
    return { text: main.innerText, photos };
  });
  for (const line of seen.text.split('\n')) if (line.trim()) shown.lines.add(line.trim());
  for (const [id, url] of seen.photos) {
    const urls = shown.photos.get(id) ?? new Set<string>();
    urls.add(new URL(url).pathname);
    shown.photos.set(id, urls);
  }
}

/** Ids of the member cards on screen now (in the viewport, rows scrolled sideways included). */
export async function cardsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main a[href^="/profile/"]'))
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return (
          box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
        );
      })
      .map((link) => link.getAttribute('href')!.slice('/profile/'.length)),
  );
}

/** A client-side navigation, as a tap on an in-app link does (no document load). */
export async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Lets the screen settle: `ms`, then until no response has been under way for 400 ms (10 s at most). */
export const settle = async (page: Page, wire: WireCounter, ms = 250) => {
  await page.waitForTimeout(ms);
  await wire.quiet(400, 10_000);
};
