import { describe, expect, it } from 'vitest';

/**
 * English names one thing with one word across the app: the member's main photo is their "profile
 * photo" on every screen (as French "photo de profil" and Romanian "fotografie de profil"), never an
 * "avatar" on one screen and "profile photos" on another.
 */
const files = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });

function leaves(tree: unknown, prefix: string): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => leaves(value, `${prefix}.${key}`));
  return [];
}

const texts = Object.entries(files).flatMap(([path, content]) =>
  leaves(content, path.replace(/^.*\/(\w+)\.json$/, '$1')),
);

describe('English words', () => {
  it('says "profile photo", never "avatar"', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter(([, text]) => /avatar/i.test(text)).map(([key]) => key)).toEqual([]);
  });
});
