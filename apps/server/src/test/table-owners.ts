import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's source folder. */
export const SRC = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = path.join(SRC, 'db/schema');

/** The TypeScript files under `dir`, tests left out. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every table: its SQL name, its Drizzle variable and the feature its schema file's "Owned by the <feature> feature" line names. */
export function ownedTables(): { table: string; variable: string; owner: string }[] {
  return filesUnder(SCHEMA).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const owner = /Owned by the (\w+) feature/.exec(text)?.[1];
    return [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(([, variable, table]) => {
      if (!owner) throw new Error(`${path.basename(file)} names no owner for ${table}`);
      return { table: table!, variable: variable!, owner };
    });
  });
}

/** Each table's owner, by variable and SQL name. */
export function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const { table, variable, owner } of ownedTables()) owners.set(variable, owner).set(table, owner);
  return owners;
}

/**
 * Each table's owner, from its schema file's "Owned by the <feature> feature" line, and the other
 * features it allows to read it in their own queries, from its "<table> may be read by: <features>."
 * lines; both by variable and SQL name.
 */
export function tableOwnership() {
  const owners = new Map<string, string>();
  /** The allowed readers by variable name; `variables` gives a table's variable from either name. */
  const readers = new Map<string, string[]>();
  const variables = new Map<string, string>();
  for (const file of filesUnder(SCHEMA)) {
    const text = readFileSync(file, 'utf8');
    const owner = /Owned by the (\w+) feature/.exec(text)?.[1];
    const allowed = new Map(
      [...text.matchAll(/^\/\/ (\w+) may be read by: ([\w, ]+)\.$/gm)].map(([, table, features]) => [
        table!,
        features!.split(', '),
      ]),
    );
    for (const [, variable, table] of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      if (!owner) throw new Error(`${path.basename(file)} names no owner for ${table}`);
      owners.set(variable!, owner).set(table!, owner);
      readers.set(variable!, allowed.get(variable!) ?? []);
      allowed.delete(variable!);
      variables.set(variable!, variable!).set(table!, variable!);
    }
    if (allowed.size)
      throw new Error(`${path.basename(file)} allows readers of no table of its own: ${[...allowed.keys()]}`);
  }
  return { owners, readers, variables };
}
