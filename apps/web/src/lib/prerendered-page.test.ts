import { afterEach, describe, expect, it } from 'vitest';
import { prerenderedPage } from './prerendered-page.ts';

function root(html: string, language = 'fr'): HTMLElement {
  document.documentElement.lang = language;
  document.body.innerHTML = html;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
});

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the prerendered page in the root', () => {
  it('is none in the app shell', () => {
    expect(prerenderedPage(root('<div id="root"></div>'))).toBeNull();
    expect(prerenderedPage(root('<div id="root" data-prerendered="/"></div>'))).toBeNull();
    expect(prerenderedPage(root('<div id="root" data-prerendered="/home"><main></main></div>'))).toBeNull();
  });

  it('is hydrated where the browser renders the same: its path and language, no query it shows', () => {
    const page = prerenderedPage(root('<div id="root" data-prerendered="/login"><main></main></div>'))!;
    expect(page.language).toBe('fr');
    expect(page.matches(at('/login'), 'fr')).toBe(true);
    expect(page.matches(at('/login/'), 'fr')).toBe(true);
    expect(page.matches(at('/login', '?lang=fr'), 'fr')).toBe(true);
    // The language was chosen otherwise on the device, another page, a query the page reads.
    expect(page.matches(at('/login'), 'en')).toBe(false);
    expect(page.matches(at('/register'), 'fr')).toBe(false);
    expect(page.matches(at('/login', '?from=%2Fhome'), 'fr')).toBe(false);
  });

  it('is rendered anew when the lang query asks for another language than the page', () => {
    // The terms follow ?lang= (en, fr) whatever the interface language.
    const page = prerenderedPage(
      root('<div id="root" data-prerendered="/terms-and-conditions"><main></main></div>', 'en'),
    )!;
    expect(page.matches(at('/terms-and-conditions', '?lang=fr'), 'en')).toBe(false);
    expect(page.matches(at('/terms-and-conditions', '?lang=en'), 'en')).toBe(true);
  });
});
