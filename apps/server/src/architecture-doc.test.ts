import { readFileSync } from 'node:fs';
import { crossFeatureImports } from '@motema/feature-graph';
import { describe, expect, it } from 'vitest';
import { featureModules } from './modules/index.ts';
import { ownedTables } from './test/table-owners.ts';

/**
 * docs/architecture.md's feature table, row by row: the names each cell lists (`a`, `b`), by column.
 * The table is the one whose header starts `| feature |`.
 */
export function featureTable(markdown: string): Map<string, Record<string, string[]>> {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*feature\s*\|/.test(line));
  if (start < 0) throw new Error('no | feature | table');
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const columns = cells(lines[start]!);
  const rows = new Map<string, Record<string, string[]>>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const values = cells(line).map((cell) =>
      cell
        .split(',')
        .map((name) => name.replace(/`/g, '').trim())
        .filter(Boolean),
    );
    rows.set(values[0]![0]!, Object.fromEntries(columns.map((column, i) => [column, values[i] ?? []])));
  }
  return rows;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The architecture map's feature table says what the code does: a test fails when they drift. */
describe('docs/architecture.md, its feature table', () => {
  const table = featureTable(readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8'));
  const features = featureModules.map((m) => m.name);

  it('has a row for each feature module, in the order the app plugs them in', () => {
    expect([...table.keys()]).toEqual(features);
  });

  it('says which tables each feature owns: its schema files’ “Owned by” lines', () => {
    const tables = ownedTables();
    for (const feature of features) {
      expect(sorted(table.get(feature)?.owns ?? []), feature).toEqual(
        sorted(tables.filter(({ owner }) => owner === feature).map(({ table }) => table)),
      );
    }
  });

  it('says which features each one uses: the features its code imports', () => {
    const edges = crossFeatureImports(new URL('./features/', import.meta.url));
    for (const feature of features) {
      expect(sorted(table.get(feature)?.uses ?? []), `${feature} uses`).toEqual(
        sorted(edges.filter(({ from }) => from === feature).map(({ to }) => to)),
      );
    }
  });
});
