import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, SRC, tableOwners } from '../test/table-owners.ts';

/** The tables a source file writes: Drizzle's insert/update/delete (aliases followed) and SQL text. */
export function tablesWrittenBy(text: string): string[] {
  const aliases = new Map(
    [...text.matchAll(/const (\w+) = alias\((\w+),/g)].map(([, name, table]) => [name!, table!]),
  );
  const drizzle = [...text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)].map(([, name]) => name!);
  const sql = [...text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+(?:\$\{(\w+)\}|([a-z_]+)\b)/g)].map(
    ([, variable, table]) => (variable ?? table)!,
  );
  return [...new Set([...drizzle, ...sql].map((name) => aliases.get(name) ?? name))];
}

describe('each table has one owning feature, its only writer', () => {
  const owners = tableOwners();

  it('names an owner for every table', () => {
    expect(owners.get('users')).toBe('users');
    expect(owners.get('matches')).toBe('discovery');
    expect(owners.size).toBeGreaterThan(20);
  });

  it('no code writes a table of another feature, and no code outside the features writes any', () => {
    const written = [
      ...filesUnder(path.join(SRC, 'features')),
      ...['lib', 'plugins', 'realtime', 'jobs'].flatMap((dir) => filesUnder(path.join(SRC, dir))),
    ].flatMap((file) => {
      const feature = /features[\\/](\w+)[\\/]/.exec(file)?.[1] ?? 'none';
      return tablesWrittenBy(readFileSync(file, 'utf8'))
        .filter((table) => owners.has(table) && owners.get(table) !== feature)
        .map((table) => `${path.relative(SRC, file)} writes ${table}, owned by ${owners.get(table)}`);
    });
    expect(written).toEqual([]);
  });

  it('finds writes in Drizzle calls, through aliases, and in SQL text', () => {
    const planted = [
      'const cm = alias(conversationMembers, "cm");',
      'await db.update(cm).set({});',
      'await tx.insert(users).values(values);',
      'await db.delete(matches);',
      'client.query(`UPDATE conversations c SET seq = 1`);',
      'sql`INSERT INTO ${ratings} VALUES (1)`;',
      'db.select().from(photos);',
    ].join('\n');
    expect(tablesWrittenBy(planted).sort()).toEqual(
      ['conversationMembers', 'conversations', 'matches', 'ratings', 'users'].sort(),
    );
  });
});
