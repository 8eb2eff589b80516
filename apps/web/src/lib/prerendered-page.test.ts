import { afterEach, describe, expect, it } from 'vitest';
import { keepTypedValues, prerenderedPage } from './prerendered-page.ts';

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

describe('what a visitor typed before React took the page over', () => {
  /** What React does to a field as it hydrates it: marks it, and sets it to the form's state. */
  function hydrate(field: HTMLInputElement, value: string | boolean) {
    Object.assign(field, { __reactProps$test: {} });
    if (typeof value === 'boolean') field.checked = value;
    else field.value = value;
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('is given back to the fields once React has them, through the events it listens to', async () => {
    const container = root(
      '<div id="root" data-prerendered="/login"><input id="email" value=""><input id="untouched" value="">' +
        '<input id="terms" type="checkbox"></div>',
    );
    const email = container.querySelector<HTMLInputElement>('#email')!;
    const terms = container.querySelector<HTMLInputElement>('#terms')!;
    email.value = 'amina@example.com';
    terms.checked = true;
    const events: string[] = [];
    email.addEventListener('input', () => events.push(`input ${email.value}`));
    terms.addEventListener('click', () => events.push('click'));

    const giveBack = keepTypedValues(container);
    giveBack();
    await wait(20);
    // Not hydrated yet: left alone.
    expect(events).toEqual([]);
    hydrate(email, '');
    hydrate(terms, false);
    Object.assign(container.querySelector('#untouched')!, { __reactProps$test: {} });
    await wait(300);
    expect(email.value).toBe('amina@example.com');
    expect(terms.checked).toBe(true);
    expect(events).toEqual(['input amina@example.com', 'click']);
    expect(container.querySelector<HTMLInputElement>('#untouched')!.value).toBe('');
  });
});
