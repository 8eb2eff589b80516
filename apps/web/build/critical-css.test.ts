import { describe, expect, it } from 'vitest';
import { criticalCss, markupClasses } from './critical-css.ts';

const MARKUP =
  '<div class="m_btn mantine-Button-root" style="--button-bg:var(--mantine-color-coral-6)">' +
  '<span class="m_label">Log in</span></div>';

describe('the critical CSS of a prerendered page', () => {
  it('reads the classes of the markup', () => {
    expect([...markupClasses(MARKUP)].sort()).toEqual(['m_btn', 'm_label', 'mantine-Button-root']);
  });

  it('keeps the rules whose required classes the markup has, and the others without classes', () => {
    const css =
      '*,:before{box-sizing:border-box}.m_btn{color:red}.m_menu{display:none}' +
      '.m_btn .m_label,.m_menu .m_item{font-weight:700}.m_btn:not(.m_disabled){cursor:pointer}' +
      ':is(.m_menu,.m_btn) a{color:blue}[data-variant=light].m_btn{opacity:1}';
    expect(criticalCss(css, MARKUP)).toBe(
      '*,:before{box-sizing:border-box}.m_btn{color:red}.m_btn .m_label{font-weight:700}' +
        '.m_btn:not(.m_disabled){cursor:pointer}:is(.m_menu,.m_btn) a{color:blue}' +
        '[data-variant=light].m_btn{opacity:1}',
    );
  });

  it('prunes inside @media and drops a block left empty; other at-rules stay whole', () => {
    const css =
      '@media (min-width:48em){.m_btn{padding:0}.m_menu{padding:1px}}' +
      '@media print{.m_menu{color:red}}@keyframes spin{to{transform:rotate(1turn)}}' +
      '@font-face{font-family:x;src:url(x.woff2)}';
    expect(criticalCss(css, MARKUP)).toBe(
      '@media (min-width:48em){.m_btn{padding:0}}@keyframes spin{to{transform:rotate(1turn)}}' +
        '@font-face{font-family:x;src:url(x.woff2)}',
    );
  });

  it('keeps the custom properties read by what it keeps or by the markup, through other variables', () => {
    const css =
      ':root{--mantine-color-coral-6:var(--base);--base:#d6333a;--mantine-color-grape-6:#be4bdb;' +
      '--mantine-radius:4px;--unused-too:1px}.m_btn{border-radius:var(--mantine-radius)}' +
      '.m_menu{color:var(--unused-too)}';
    expect(criticalCss(css, MARKUP)).toBe(
      ':root{--mantine-color-coral-6:var(--base);--base:#d6333a;--mantine-radius:4px}' +
        '.m_btn{border-radius:var(--mantine-radius)}',
    );
  });

  it('is not confused by braces and semicolons in strings or comments', () => {
    const css = '.m_label:after{content:"}; .m_menu{"}/* .m_menu{} */.m_menu{color:red}';
    expect(criticalCss(css, MARKUP)).toBe('.m_label:after{content:"}; .m_menu{"}');
  });
});
