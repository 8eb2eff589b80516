import { describe, expect, it } from 'vitest';
import { EARLY_TAP_RECORDER_TAG } from '@motema/shared/early-taps';
import { PAINTED_START_ATTRIBUTE } from '@motema/shared/member-shells';
import { memberShellHtml } from './member-shells.ts';
import { CODE_ATTRIBUTE, paintedStartFile, paintedStartSource } from './painted-start.ts';

const TEMPLATE =
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">' +
  '</head><body><div id="root"></div></body></html>';
const PRELOADS = { scripts: ['assets/profile-1.js'], styles: ['assets/member-ui-1.css'] };

describe("a shell whose code starts after the page's pictures (a page a link opens)", () => {
  it('names its entry and every preload in the start script instead of tags fetched at once', () => {
    const html = memberShellHtml(TEMPLATE, PRELOADS, { file: 'assets/start-1.js', afterPictures: true });
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-1.js"');
    const tag = new RegExp(
      `<script type="module" src="/assets/start-1\\.js" ${PAINTED_START_ATTRIBUTE} ${CODE_ATTRIBUTE}="([^"]+)"></script></head>`,
    ).exec(html);
    expect(tag, html).not.toBeNull();
    expect(JSON.parse(tag![1]!.replace(/&quot;/g, '"'))).toEqual({
      entry: '/assets/index-1.js',
      preloads: ['/assets/runtime-1.js', '/assets/profile-1.js'],
    });
    // The early taps' recorder, inline before the start script, in the head: before anything is drawn.
    expect(html).toContain(`${EARLY_TAP_RECORDER_TAG}<script type="module" src="/assets/start-1.js"`);
    expect(html.indexOf(EARLY_TAP_RECORDER_TAG)).toBeLessThan(html.indexOf('</head>'));
    // The style sheets are still preloaded: the page paints with them.
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/member-ui-1.css">');
  });

  it('is refused when index.html has no module script to name', () => {
    const start = { file: 'assets/p.js', afterPictures: true };
    expect(() => memberShellHtml('<head></head><div id="root"></div>', PRELOADS, start)).toThrow(
      'module script',
    );
  });
});

describe("home's shell", () => {
  it('keeps its code tags and loads the start script before its entry, for the early taps only', () => {
    const html = memberShellHtml(TEMPLATE, PRELOADS, { file: 'assets/start-1.js', afterPictures: false });
    expect(html).toContain(
      `${EARLY_TAP_RECORDER_TAG}<script type="module" src="/assets/start-1.js" ${PAINTED_START_ATTRIBUTE}></script>` +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-1.js">');
    expect(html).not.toContain(CODE_ATTRIBUTE);
  });
});

describe('the start script', () => {
  it("is a file named after its content, which reads the script's attribute", () => {
    const source = paintedStartSource();
    expect(source).toContain(`script[${CODE_ATTRIBUTE}]`);
    expect(() => new Function(source)).not.toThrow();
    expect(paintedStartFile(source)).toMatch(/^assets\/painted-start-[\w-]{8}\.js$/);
    expect(paintedStartFile(`${source} `)).not.toBe(paintedStartFile(source));
  });
});
