import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { describe, expect, it } from 'vitest';

type Texts = { [key: string]: Texts | string };
const files = import.meta.glob<Texts>('./*/{common,discovery}.json', { eager: true, import: 'default' });
const text = (lang: string, namespace: string, path: string) =>
  path
    .split('.')
    .reduce<Texts | string | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      files[`./${lang}/${namespace}.json`],
    );

describe('the bottom bar names each page as the page names itself', () => {
  it.each(INTERFACE_LANGUAGES)('%s: the swap tab and the swap page', (lang) => {
    // French read "Swap" in the bar over a page titled "Swiper".
    expect(text(lang, 'common', 'nav.swap')).toBe(text(lang, 'discovery', 'swap.title'));
  });
});
