import { describe, expect, it } from 'vitest';
import { EARLY_TAP_RECORDER_TAG } from '@motema/shared/early-taps';
import { MEMBER_SHELL_ATTRIBUTE, PAINTED_START_ATTRIBUTE } from '@motema/shared/member-shells';
import type { Manifest } from './critical-path.ts';
import { memberShellHtml, memberShellPreloads } from './member-shells.ts';

/** A fake build: an entry, the start page, and home's layout and page sharing chunks with it. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_runtime.js'],
    css: ['assets/index-1.css'],
    dynamicImports: ['src/start.tsx', 'src/layout.tsx', 'src/home.tsx'],
  },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  'src/start.tsx': { file: 'assets/start-1.js', isDynamicEntry: true, imports: ['_runtime.js'] },
  'src/layout.tsx': {
    file: 'assets/layout-1.js',
    isDynamicEntry: true,
    imports: ['_member-ui.js', '_runtime.js'],
  },
  'src/home.tsx': {
    file: 'assets/home-1.js',
    isDynamicEntry: true,
    imports: ['_member-ui.js', '_member-app.js'],
    dynamicImports: ['src/profile.tsx'],
  },
  '_member-ui.js': { file: 'assets/member-ui-1.js', css: ['assets/member-ui-1.css'] },
  '_member-app.js': { file: 'assets/member-app-1.js', css: ['assets/member-app-1.css'] },
  'src/profile.tsx': { file: 'assets/profile-1.js', isDynamicEntry: true },
  'src/locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
  'src/locales/fr/common.json': { file: 'assets/common-fr.js', isDynamicEntry: true },
  'src/locales/fr/discovery.json': { file: 'assets/discovery-fr.js', isDynamicEntry: true },
  'src/locales/en/discovery.json': { file: 'assets/discovery-en.js', isDynamicEntry: true },
};
const HOME = { modules: ['src/layout.tsx', 'src/home.tsx'], namespaces: ['common', 'discovery'] };

describe("a member page's shell", () => {
  it('names the chunks, style sheets and texts the page loads statically, beyond the entry', () => {
    expect(memberShellPreloads(MANIFEST, HOME, 'en').scripts.slice(-2)).toEqual([
      'assets/common-en.js',
      'assets/discovery-en.js',
    ]);
    expect(memberShellPreloads(MANIFEST, HOME, 'fr')).toEqual({
      scripts: [
        'assets/layout-1.js',
        'assets/member-ui-1.js',
        'assets/home-1.js',
        'assets/member-app-1.js',
        'assets/common-fr.js',
        'assets/discovery-fr.js',
      ],
      styles: ['assets/member-ui-1.css', 'assets/member-app-1.css'],
    });
  });

  it('refuses a text the build does not have, rather than write a shell that misses it', () => {
    expect(() => memberShellPreloads(MANIFEST, HOME, 'ro')).toThrow('src/locales/ro/common.json');
  });

  it('writes them into index.html as the app loads them, and marks the root', () => {
    const template =
      '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
    const html = memberShellHtml(
      template,
      { scripts: ['assets/home-1.js'], styles: ['assets/member-ui-1.css'] },
      { file: 'assets/start-1.js', afterPictures: false },
    );
    expect(html).toBe(
      `<html><head>${EARLY_TAP_RECORDER_TAG}<script type="module" src="/assets/start-1.js" ${PAINTED_START_ATTRIBUTE}></script>` +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/home-1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/member-ui-1.css">' +
        `</head><body><div id="root" ${MEMBER_SHELL_ATTRIBUTE}></div></body></html>`,
    );
    expect(() =>
      memberShellHtml(
        '<div id="app"></div>',
        { scripts: [], styles: [] },
        { file: 'x.js', afterPictures: false },
      ),
    ).toThrow();
  });
});
