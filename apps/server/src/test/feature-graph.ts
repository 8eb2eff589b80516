import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FEATURES_DIR = fileURLToPath(new URL('../features', import.meta.url));

/** An import from one feature's file into another feature. */
export type CrossFeatureImport = { from: string; to: string; file: string; target: string };

const featureOf = (file: string) => {
  const relative = path.relative(FEATURES_DIR, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every import (static, dynamic, type-only or re-export) from a features file into another feature. */
export function crossFeatureImports(dir = FEATURES_DIR): CrossFeatureImport[] {
  return sourceFiles(dir).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => path.resolve(path.dirname(file), fileName))
      .flatMap((target) => {
        const [from, to] = [featureOf(file), featureOf(target)];
        return from && to && from !== to
          ? [{ from, to, file: path.relative(dir, file), target: path.relative(dir, target) }]
          : [];
      });
  });
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
