import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Through a variable: Vite rewrites `new URL('...', import.meta.url)` into the address of a served asset.
const here = import.meta.url;
const SRC = path.dirname(fileURLToPath(here));

/** The modules a file imports statically (not `import type`, not `import()`), as written. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

/**
 * What main.tsx reaches by static imports: the app's files (relative to src/) and the packages (by
 * name), i.e. what the entry's chunk holds, on the start page's critical path (bar B5).
 */
function startPath(): Set<string> {
  const reached = new Set<string>();
  const queue = [path.join(SRC, 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const specifier of staticImports(file)) {
      if (!specifier.startsWith('.')) {
        reached.add(specifier);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      const name = path.relative(SRC, target);
      if (reached.has(name)) continue;
      reached.add(name);
      if (/\.tsx?$/.test(target) && existsSync(target)) queue.push(target);
    }
  }
  return reached;
}

describe('the start page’s code', () => {
  it('reaches the app’s own modules and its packages from main.tsx', () => {
    const reached = startPath();
    expect(reached).toContain('router.tsx');
    expect(reached).toContain('react-router');
  });

  // Each is needed after the first paint, or by members only: loaded when the page is idle or beside
  // the first page, as a chunk of its own (docs/web-app.md, bar B5).
  it.each([
    ['@mantine/nprogress', 'the navigation progress bar’s store (driven by the idle-loaded bar)'],
    ['virtual:pwa-register', 'the service worker’s registration'],
    [
      'features/devices/install/install-engagement.ts',
      'the days the app was used (when to offer installing)',
    ],
  ])('leaves out %s: %s', (module) => {
    expect([...startPath()]).not.toContain(module);
  });
});
