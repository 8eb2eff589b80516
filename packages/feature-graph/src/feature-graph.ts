// The feature graph of an app (docs/decisions/0015): which features import which, and the cycles
// that makes. The server and the web app each check their own `features/` folder with it; it lives
// in a package of its own so both projects import one implementation through their tsconfig
// references, as they import @motema/shared.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** An import from one feature's file into another feature; paths relative to the features folder. */
export type CrossFeatureImport = { from: string; to: string; file: string; target: string };

export type FeatureGraphOptions = {
  /** The files read: TypeScript, with or without JSX. */
  include?: RegExp;
  /** The files left out: tests, which may import another feature's fixtures. */
  exclude?: RegExp;
};

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

function sourceFiles(dir: string, include: RegExp, exclude: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, include, exclude);
    return include.test(entry.name) && !exclude.test(entry.name) ? [full] : [];
  });
}

/**
 * Every module a file names: static, dynamic, type-only imports and re-exports, and `import('x')`
 * in a type. The file is parsed (as TSX for .tsx) rather than scanned, so JSX text such as
 * "Don't" cannot hide the imports after it.
 */
export function importedModules(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const named = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) named(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      named(node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      named(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      named(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every relative import from a file under `featuresDir` into another feature. The feature of a file
 * is the first folder under `featuresDir` (chat/send/x.ts is chat's). Test files are left out by
 * default: a test may use another feature's fixtures without the app depending on it.
 */
export function crossFeatureImports(
  featuresDir: string | URL,
  { include = SOURCE, exclude = TEST }: FeatureGraphOptions = {},
): CrossFeatureImport[] {
  // By its href: under happy-dom, URL is the DOM's class, which Node's fileURLToPath does not take.
  const dir = typeof featuresDir === 'string' ? featuresDir : fileURLToPath(featuresDir.href);
  const featureOf = (file: string) => {
    const relative = path.relative(dir, file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
  };
  return sourceFiles(dir, include, exclude).flatMap((file) =>
    importedModules(file, readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.resolve(path.dirname(file), specifier))
      .flatMap((target) => {
        const [from, to] = [featureOf(file), featureOf(target)];
        return from && to && from !== to
          ? [{ from, to, file: path.relative(dir, file), target: path.relative(dir, target) }]
          : [];
      }),
  );
}

/** The cycles of the graph, each as the features along it (the first one repeated at the end). */
export function cyclesOf(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) return void cycles.push([...trail.slice(at), node]);
    if (seen.has(node)) return;
    for (const to of next.get(node) ?? []) walk(to, [...trail, node]);
    seen.add(node);
  };
  for (const node of [...next.keys()].sort()) walk(node, []);
  return cycles;
}

/**
 * The cycles of `edges`, each as the steps that make it and the files behind each step:
 * `['users -> media (users/account-page.tsx)', 'media -> users (media/media.api.ts)']`. An empty
 * list when the graph has none; a test expects it to equal [] so that a failure names the imports.
 */
export function describeCycles(edges: readonly CrossFeatureImport[]): string[][] {
  return cyclesOf(edges).map((cycle) =>
    cycle.slice(1).map((to, i) => {
      const from = cycle[i]!;
      const files = edges.filter((edge) => edge.from === from && edge.to === to).map((edge) => edge.file);
      return `${from} -> ${to} (${[...new Set(files)].join(', ')})`;
    }),
  );
}
