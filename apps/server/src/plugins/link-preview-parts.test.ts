import { describe, expect, it } from 'vitest';
import type { LinkPreviewSource } from '../link-previews-port.ts';
import { featureModules } from '../modules/index.ts';
import { linkPreviewsOf } from '../modules/plug-in.ts';
import { buildPreviewApp, openPage, PREVIEW_INDEX } from '../test/link-preview-bed.ts';
import { firstWords, withLinkPreview } from './link-preview.ts';

const TAGS = '<title>Kofi on Motema</title><meta property="og:title" content="Kofi on Motema" />';

describe('the parts of a link preview', () => {
  it('takes each page from the feature that owns it, and refuses a page given twice', () => {
    const pages = Object.fromEntries(
      featureModules.flatMap((module) =>
        (module.linkPreviews ?? []).map((source) => [source.path, module.name]),
      ),
    );
    expect(pages).toEqual({ '/profile/:id': 'discovery', '/post/:id': 'posts', '/zone/:id': 'zones' });
    const source: LinkPreviewSource = { path: '/zone/:id', preview: async () => undefined };
    expect(() => linkPreviewsOf([...featureModules, { name: 'copy', linkPreviews: [source] }])).toThrow(
      'link preview of /zone/:id given twice',
    );
  });

  it('puts the tags in the head, in place of the page’s own title and description', () => {
    const page =
      '<!doctype html><html><head><meta charset="UTF-8" /><meta\n  name="description"\n  content="Motema" />\n<title>Motema</title></head><body>x</body></html>';
    expect(withLinkPreview(page, TAGS)).toBe(
      `<!doctype html><html><head><meta charset="UTF-8" />\n${TAGS}</head><body>x</body></html>`,
    );
    // A page without a head of its own: the tags at its top.
    expect(withLinkPreview('<!doctype html><title>Motema</title><div id="root"></div>', TAGS)).toBe(
      `<!doctype html>${TAGS}<div id="root"></div>`,
    );
  });

  it('takes the first words of a text, about 150 characters, cut at a word', () => {
    expect(firstWords('  Mbote\n\nna   bino ')).toBe('Mbote na bino');
    expect(firstWords('')).toBe('');
    const long = 'word '.repeat(40);
    expect(firstWords(long)).toBe(`${'word '.repeat(29)}word…`);
    expect(firstWords('one two three, four', 14)).toBe('one two three…');
    // One word longer than the card: cut inside it rather than show nothing.
    expect(firstWords('x'.repeat(200))).toBe(`${'x'.repeat(150)}…`);
  });

  it('serves the page without a card when its subject cannot be read', async () => {
    const failing: LinkPreviewSource = {
      path: '/broken/:id',
      preview: async () => {
        throw new Error('the database is away');
      },
    };
    const t = await buildPreviewApp({
      modules: [...featureModules, { name: 'broken', linkPreviews: [failing] }],
    });
    try {
      const res = await openPage(t, '/broken/1');
      expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'no-cache']);
      expect(res.body).toBe(PREVIEW_INDEX);
    } finally {
      await t.close();
    }
  });
});
