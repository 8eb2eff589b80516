import type { Page } from 'playwright-core';

/**
 * A page as the browser received it, before any of the app's code ran: the app then sets <html lang>,
 * the title and the root itself.
 */
export type ServedDocument = {
  /** <html lang> of a prerendered page (its root marked data-prerendered), else null (the app shell). */
  language: string | null;
  title: string;
  /** The path of the kept copy the service worker drew in the root (data-kept-copy, decision 0024). */
  keptCopy: string | null;
  /** The links to profiles in the root's lists. */
  profiles: string[];
};

/**
 * Notes every page `page` loads from now on, once parsed and before any module script runs (they run
 * after readyState turns to interactive); read the last with servedDocument.
 */
export async function noteServedDocuments(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root');
      const served: ServedDocument = {
        language: root?.hasAttribute('data-prerendered') ? document.documentElement.lang : null,
        title: document.title,
        keptCopy: root?.getAttribute('data-kept-copy') ?? null,
        profiles: [...(root?.querySelectorAll('main ul a[href^="/profile/"]') ?? [])].map(
          (link) => link.getAttribute('href') ?? '',
        ),
      };
      (window as unknown as { served: ServedDocument }).served = served;
    });
  });
}

/** The page the browser last received, as noteServedDocuments noted it. */
export const servedDocument = (page: Page): Promise<ServedDocument> =>
  page.evaluate(() => (window as unknown as { served: ServedDocument }).served);
