import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { frenchTypographyFaults } from '@motema/shared/french-typography';
import { renderUnsubscribePage } from './unsubscribe-page.ts';

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the unsubscribe page', () => {
  it('keeps small text at AA contrast (4.5:1): the link on white, the button’s white on its colour', () => {
    for (const state of ['confirm', 'done', 'invalid'] as const) {
      const html = renderUnsubscribePage('en', state, '/api/notifications/unsubscribe?token=t');
      // Small text: the link's colour (on the white card), the button's background (under white text).
      const small = [
        ...html.matchAll(/<a [^>]*style="color:(#[0-9a-fA-F]{6})/g),
        ...html.matchAll(/<button [^>]*style="[^"]*background:(#[0-9a-fA-F]{6})/g),
      ];
      expect(small.length, state).toBeGreaterThan(0);
      for (const [, colour] of small)
        expect(contrast(colour!, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('posts to the address it was opened at, escaped, and only when asked to confirm', () => {
    const action = '/api/notifications/unsubscribe?token=a"b&c';
    const confirm = renderUnsubscribePage('en', 'confirm', action);
    expect(confirm).toContain(
      '<form method="post" action="/api/notifications/unsubscribe?token=a&quot;b&amp;c"',
    );
    expect(renderUnsubscribePage('en', 'done', action)).not.toContain('<form');
    expect(renderUnsubscribePage('en', 'invalid', action)).not.toContain('<form');
  });

  it('is written in each language, French as French', () => {
    for (const language of INTERFACE_LANGUAGES) {
      for (const state of ['confirm', 'done', 'invalid'] as const) {
        const html = renderUnsubscribePage(language, state, '/x');
        expect(html).toContain(`<html lang="${language}">`);
        const text = html
          .replace(/<head>.*<\/head>/s, '')
          .replace(/<[^>]+>|&#\d+;/g, ' ')
          .replace(/&gt;/g, '>');
        if (language === 'fr') expect(frenchTypographyFaults(text)).toEqual([]);
      }
    }
  });
});
