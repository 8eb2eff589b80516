/** The read mark must be told from "delivered" outdoors: WCAG non-text contrast (3:1), from the theme. */
import { DEFAULT_THEME } from '@mantine/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../ui/theme.ts';

const css = readFileSync(path.join(import.meta.dirname, '../thread/thread.module.css'), 'utf8');

/** The declarations of one class's own rule in thread.module.css. */
function rule(className: string): Record<string, string> {
  const body = new RegExp(`\\.${className}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((line) => line.split(':').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== ''),
  );
}

const shades = theme.primaryShade as { light: number; dark: number };
const white = theme.white ?? DEFAULT_THEME.white;

/** A CSS colour of the thread's rules, as the theme resolves it in one scheme. */
function resolve(value: string | undefined, scheme: 'light' | 'dark'): string | undefined {
  if (!value) return undefined;
  if (value === 'var(--mantine-color-white)') return white;
  if (value === 'var(--mantine-primary-color-filled)') return theme.colors!.coral![shades[scheme]];
  const named = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (named) return (theme.colors?.[named[1]!] ?? DEFAULT_THEME.colors[named[1]!])![Number(named[2])];
  return value;
}

function luminance(hex: string): number {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [1, 3, 5].map((i) => hex.slice(i, i + 2));
  const [r, g, b] = digits.map((d) => {
    const c = parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('the read ticks on an own bubble', () => {
  it('contrast checks themselves', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrast('#fff', '#fff')).toBe(1);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`stand out from the bubble and from "delivered" (${scheme} scheme)`, () => {
      const bubble = resolve(rule('bubble\\[data-mine\\]').background, scheme)!;
      const read = rule('readTicks');
      // Read is a filled mark of its own, at least 3:1 on the bubble, with its ticks 3:1 on that mark:
      // delivered (ticks straight on the bubble) differs by its shape, not by a tint.
      const disc = resolve(read.background, scheme) ?? bubble;
      const ticks = resolve(read.color, scheme)!;
      expect(contrast(disc, bubble), `read mark ${disc} on ${bubble}`).toBeGreaterThanOrEqual(3);
      expect(contrast(ticks, disc), `read ticks ${ticks} on ${disc}`).toBeGreaterThanOrEqual(3);
      const delivered = resolve(rule('deliveredTicks').color, scheme) ?? white;
      expect(contrast(delivered, bubble), `delivered ${delivered} on ${bubble}`).toBeGreaterThanOrEqual(3);
      expect(rule('deliveredTicks').background).toBeUndefined();
    });
  }
});
