import { defineConfig } from 'vitest/config';

/** The benchmarks' own helpers and reports; the benchmarks themselves run with `npm run bench`. */
export default defineConfig({ test: { name: 'bench', include: ['**/*.test.ts'] } });
