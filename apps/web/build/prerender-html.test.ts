import { describe, expect, it } from 'vitest';
import { codeAfterContent, prerenderedHtml, type PrerenderedPageHtml } from './prerender-html.ts';

/** The shape of the build's index.html (Vite writes the script, preloads and stylesheet). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Motema</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/index-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PAGE: PrerenderedPageHtml = {
  path: '/login',
  language: 'fr',
  body: '<main><h1>Bon retour</h1></main>',
  title: 'Se connecter · Motema',
  css: '.m_1{color:red}',
  stylesheets: ['assets/index-1.css', 'assets/login-1.css'],
  modulePreloads: ['assets/login-1.js', 'assets/auth-fr.js'],
};

describe('a prerendered page', () => {
  const html = prerenderedHtml(TEMPLATE, PAGE);

  it('holds the page in the root, marked with its path, in its language and with its title', () => {
    expect(html).toContain('<div id="root" data-prerendered="/login"><main><h1>Bon retour</h1></main></div>');
    expect(html).toContain('<html lang="fr" data-mantine-color-scheme="light">');
    expect(html).toContain('<title>Se connecter · Motema</title>');
  });

  it('paints without waiting for a stylesheet: its styles are inline, the full sheets for print', () => {
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).toContain('<style>.m_1{color:red}</style>');
    for (const file of ['index-1.css', 'login-1.css']) {
      expect(html).toContain(
        `<link rel="stylesheet" crossorigin href="/assets/${file}" media="print" data-after-paint>`,
      );
    }
    // The entry still loads, and the page's own files start beside it.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-fr.js">');
  });

  it('keeps the template title when the page sets none, and escapes what it writes', () => {
    const page = prerenderedHtml(TEMPLATE, { ...PAGE, title: null, path: '/"x' });
    expect(page).toContain('<title>Motema</title>');
    expect(page).toContain('data-prerendered="/&quot;x"');
    const titled = prerenderedHtml(TEMPLATE, { ...PAGE, title: 'A <b> & "c"' });
    expect(titled).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
  });

  it('cannot have its style element ended early by the CSS', () => {
    const page = prerenderedHtml(TEMPLATE, { ...PAGE, css: 'a::after{content:"</style><script>"}' });
    expect(page).not.toContain('</style><script>');
  });

  it('fails the build when index.html has no root to fill', () => {
    expect(() => prerenderedHtml(TEMPLATE.replace('<div id="root"></div>', ''), PAGE)).toThrow(
      'index.html has no <div id="root"></div>',
    );
  });

  it('fills a member shell for the server: its root and style preloads, the answers after the root', () => {
    const shell = TEMPLATE.replace(
      '<div id="root"></div>',
      '<div id="root" data-member-shell></div>',
    ).replace('</head>', '<link rel="preload" as="style" crossorigin href="/assets/home-1.css"></head>');
    const page = prerenderedHtml(shell, {
      ...PAGE,
      path: '/home',
      rootAttribute: 'data-server-painted',
      afterRoot: '<script type="application/json" id="answers">[]</script>',
    });
    expect(page).toContain(
      '<div id="root" data-server-painted="/home"><main><h1>Bon retour</h1></main></div><script type="application/json" id="answers">[]</script>',
    );
    expect(page).not.toContain('data-member-shell');
    expect(page).not.toContain('<link rel="preload" as="style"');
  });

  it("moves a painted page's code after its content, so its pictures are asked for first", () => {
    const page = codeAfterContent(prerenderedHtml(TEMPLATE, PAGE));
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(page).toMatch(
      /<\/main><\/div>\s*<script type="module" crossorigin src="\/assets\/index-1.js"><\/script><link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/index-2.js">.*<\/body>/s,
    );
    expect(page.match(/modulepreload/g)).toHaveLength(3);
  });
});
