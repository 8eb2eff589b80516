import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Through a variable: Vite rewrites `new URL('...', import.meta.url)` into the address of a served asset.
const here = import.meta.url;

/** The `await`s of a module's top level (outside any function), by their text. */
function topLevelAwaits(code: string): string[] {
  const file = ts.createSourceFile('main.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) {
      found.push(node.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The built app's chunks import the entry's chunk (the shared modules, Vite's preload helper), and a
 * module waiting at its top level holds every module that imports it until it finishes. So main.tsx
 * awaiting such a chunk at its top level never gets it: the native shell's parts (lib/platform/native/,
 * loaded by startPlatform) kept the bundled copy on its skeleton. Only the build shows it (the tests'
 * modules are not chunked), so the rule is checked on the file itself.
 */
describe('main.tsx', () => {
  it('awaits at its top level only the texts, whose chunks import nothing of the app', () => {
    const main = readFileSync(fileURLToPath(new URL('./main.tsx', here)), 'utf8');
    expect(topLevelAwaits(main)).toEqual(['await initI18n()']);
  });

  it('is read as it runs: an await in a function is not at the top level, one outside is', () => {
    expect(topLevelAwaits('async function start() { await go(); }\nvoid start();\n')).toEqual([]);
    expect(topLevelAwaits('const ready = await go();\nif (ready) await show();\n')).toEqual([
      'await go()',
      'await show()',
    ]);
  });
});
