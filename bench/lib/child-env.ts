/**
 * The environment every child process of a benchmark gets. The benchmarks run on the Node they were
 * started with (`node_modules/.bin/node`, Node 24) while the machine's own `node` may be older: a
 * child that runs a `#!/usr/bin/env node` script (`vite`, `npm`) would pick that one from PATH and
 * fail on what it cannot load (ERR_UNKNOWN_FILE_EXTENSION on vite.config.ts). So the running Node's
 * folder comes first on PATH, for the children and for theirs.
 */
import path from 'node:path';

/**
 * This process's environment plus `extra` (an empty value removes the variable, e.g. REDIS_URL: one
 * node, no adapter), with the folder of the running Node (process.execPath) first on PATH.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...extra }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const nodeDir = path.dirname(process.execPath);
  const rest = (merged.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '' && dir !== nodeDir);
  merged.PATH = [nodeDir, ...rest].join(path.delimiter);
  return merged;
}
