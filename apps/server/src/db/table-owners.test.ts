import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, SRC, tableOwnership } from '../test/table-owners.ts';

/** Shipped source files of the features and of the layers around them, with the feature of each ('none'). */
function sourceFiles(): { file: string; feature: string }[] {
  return [
    ...filesUnder(path.join(SRC, 'features')),
    ...['lib', 'plugins', 'realtime', 'jobs'].flatMap((dir) => filesUnder(path.join(SRC, dir))),
  ].map((file) => ({ file, feature: /features[\\/](\w+)[\\/]/.exec(file)?.[1] ?? 'none' }));
}

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

/**
 * The tables a source file reads: the tables it imports as values from the schema (Drizzle queries
 * them; a row type is imported with `import type`), and those its SQL text reads FROM or JOINs.
 */
export function tablesReadBy(text: string): string[] {
  const imported = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*db\/schema(?:\.ts|\/[\w-]+\.ts)'/g)]
    .flatMap(([, names]) => names!.split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]!);
  const sql = [...text.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)\b/g)].map(([, table]) => table!);
  return [...new Set([...imported, ...sql])];
}

describe('each table has one owning feature, its only writer', () => {
  const { owners } = tableOwnership();

  it('names an owner for every table', () => {
    expect(owners.get('users')).toBe('users');
    expect(owners.get('matches')).toBe('discovery');
    expect(owners.get('journal_entries')).toBe('money');
    expect(owners.size).toBeGreaterThan(20);
  });

  it('no code writes a table of another feature, and no code outside the features writes any', () => {
    const written = sourceFiles().flatMap(({ file, feature }) => {
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

describe('each table is read only by its owner and the features it allows', () => {
  const { owners, readers, variables } = tableOwnership();
  /** Each read of another feature's table, by the table's variable name. */
  const foreignReads = sourceFiles().flatMap(({ file, feature }) =>
    tablesReadBy(readFileSync(file, 'utf8'))
      .filter((name) => owners.has(name) && owners.get(name) !== feature)
      .map((name) => ({ file: path.relative(SRC, file), feature, table: variables.get(name)! })),
  );

  it('reads no table of another feature that its owner has not allowed, and none outside the features', () => {
    const undeclared = foreignReads
      .filter(({ feature, table }) => !readers.get(table)!.includes(feature))
      .map(
        ({ file, feature, table }) =>
          `${file} reads ${table}: ${owners.get(table)} does not allow ${feature}`,
      );
    expect(undeclared).toEqual([]);
  });

  it('allows only features that read: one that no longer reads a table comes off its list', () => {
    const unused = [...readers].flatMap(([table, features]) =>
      features
        .filter((feature) => !foreignReads.some((read) => read.table === table && read.feature === feature))
        .map((feature) => `${feature} may read ${table} and does not`),
    );
    expect(unused).toEqual([]);
    expect(foreignReads.length).toBeGreaterThan(0);
  });

  it('finds reads in value imports of the schema and in SQL text, not in type imports', () => {
    const planted = [
      "import { comments, type PostRow, users as members } from '../../db/schema.ts';",
      "import type { MatchRow } from '../../db/schema.ts';",
      "import { payments } from '../../../db/schema/billing-payments.ts';",
      'const text = `SELECT 1 FROM matches pw_m JOIN user_subscriptions s ON true`;',
    ].join('\n');
    expect(tablesReadBy(planted).sort()).toEqual(
      ['comments', 'matches', 'payments', 'user_subscriptions', 'users'].sort(),
    );
  });
});
