import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { describe, expect, it } from 'vitest';

type Texts = { [key: string]: Texts | string };
const files = import.meta.glob<Texts>('../../locales/*/{common,posts}.json', {
  eager: true,
  import: 'default',
});
const text = (lang: string, namespace: string, path: string) =>
  path
    .split('.')
    .reduce<Texts | string | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      files[`../../locales/${lang}/${namespace}.json`],
    );

describe('the Posts tab', () => {
  it.each(INTERFACE_LANGUAGES)(
    '%s: is named as the feed names itself, and short enough for six tabs',
    (lang) => {
      const tab = text(lang, 'common', 'nav.posts') as string;
      // French: "Fil" in the bar, "Fil d’actualité" on the page ("Publications" overlapped "Discussions" at 360 px).
      expect(text(lang, 'posts', 'feed.title')).toMatch(new RegExp(`^${tab}`));
      expect(tab.length).toBeLessThanOrEqual(8);
    },
  );
});
