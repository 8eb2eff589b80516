import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The limits' names a source file declares, through either helper of request-member.ts. */
export function limitNamesIn(text: string): string[] {
  return [...text.matchAll(/perMember(?:RateLimit\(|ActionLimit\(\s*\w+,)\s*'([\w-]+)'/g)].map(
    ([, name]) => name!,
  );
}

/** Each name used more than once, with where. */
function reused(files: { file: string; text: string }[]): Record<string, string[]> {
  const places = new Map<string, string[]>();
  for (const { file, text } of files)
    for (const name of limitNamesIn(text)) places.set(name, [...(places.get(name) ?? []), file]);
  return Object.fromEntries([...places].filter(([, where]) => where.length > 1));
}

/**
 * A route's `perMemberRateLimit` counts that route and method alone, whatever its name: two routes
 * given the same name would each count apart while their names say one counter. An action over
 * several routes takes `perMemberActionLimit`, once. So every name is declared once.
 */
describe('the rate limits’ names', () => {
  it('finds the names of both helpers, and a name declared twice', () => {
    const likes = "const limit = perMemberActionLimit(app, 'like', 300, MINUTE);";
    const rating = "config: perMemberRateLimit('rating', 60, MINUTE),";
    expect(limitNamesIn(`${likes}\n${rating}`)).toEqual(['like', 'rating']);
    expect(
      reused([
        { file: 'a.ts', text: rating },
        { file: 'b.ts', text: `${likes}\n${rating}` },
      ]),
    ).toEqual({ rating: ['a.ts', 'b.ts'] });
  });

  it('declares each limit’s name once in the server', () => {
    const files = sourcesUnder(SRC).map((file) => ({
      file: path.relative(SRC, file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.flatMap(({ text }) => limitNamesIn(text)).length).toBeGreaterThan(20);
    expect(reused(files)).toEqual({});
  });
});
