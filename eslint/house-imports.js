// One rule for every import restriction of the house, given as a table of
// { files, ignores, patterns: [{ regex, message, allowTypeImports, allowDynamicImports }] }: a file gets every row
// whose globs match it. (ESLint's own no-restricted-imports keeps only the last configuration
// that matches a file, so rows for overlapping globs would silently replace each other.)
import path from 'node:path';

const matchesAny = (file, globs = []) => globs.some((glob) => path.matchesGlob(file, glob));

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** @type {import('eslint').Rule.RuleModule} */
const restrictedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The import restrictions of docs/architecture.md, by file glob' },
    schema: [{ type: 'array' }],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const patterns = (context.options[0] ?? [])
      .filter((row) => matchesAny(file, row.files) && !matchesAny(file, row.ignores))
      .flatMap((row) => row.patterns.map((pattern) => ({ ...pattern, test: new RegExp(pattern.regex) })));
    if (!patterns.length) return {};
    const check = (node, source, dynamic = false) => {
      if (typeof source?.value !== 'string') return;
      for (const pattern of patterns) {
        if (pattern.allowTypeImports && isTypeOnly(node)) continue;
        if (pattern.allowDynamicImports && dynamic) continue;
        if (pattern.test.test(source.value)) context.report({ node: source, message: pattern.message });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source, true),
    };
  },
};

export const houseImports = { rules: { 'restricted-imports': restrictedImports } };
