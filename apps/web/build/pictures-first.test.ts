import { describe, expect, it } from 'vitest';
import { memberShellHtml } from './member-shells.ts';
import { PICTURES_FIRST_ATTRIBUTE, picturesFirstFile, picturesFirstSource } from './pictures-first.ts';

const TEMPLATE =
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">' +
  '</head><body><div id="root"></div></body></html>';

describe("a shell whose code starts after the page's pictures", () => {
  it('names its entry and every preload in one script instead of tags fetched at once', () => {
    const html = memberShellHtml(
      TEMPLATE,
      { scripts: ['assets/profile-1.js'], styles: ['assets/member-ui-1.css'] },
      'assets/pictures-first-1.js',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-1.js"');
    const tag =
      /<script type="module" src="\/assets\/pictures-first-1\.js" data-code="([^"]+)"><\/script><\/head>/.exec(
        html,
      );
    expect(tag, html).not.toBeNull();
    expect(JSON.parse(tag![1]!.replace(/&quot;/g, '"'))).toEqual({
      entry: '/assets/index-1.js',
      preloads: ['/assets/runtime-1.js', '/assets/profile-1.js'],
    });
    // The style sheets are still preloaded: the page paints with them.
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/member-ui-1.css">');
  });

  it('is refused when index.html has no module script to name', () => {
    expect(() =>
      memberShellHtml('<head></head><div id="root"></div>', { scripts: [], styles: [] }, 'assets/p.js'),
    ).toThrow('module script');
  });

  it("is a file named after its content, which reads the script's attribute", () => {
    const source = picturesFirstSource();
    expect(source).toContain(`script[${PICTURES_FIRST_ATTRIBUTE}]`);
    expect(picturesFirstFile(source)).toMatch(/^assets\/pictures-first-[\w-]{8}\.js$/);
    expect(picturesFirstFile(`${source} `)).not.toBe(picturesFirstFile(source));
  });
});
