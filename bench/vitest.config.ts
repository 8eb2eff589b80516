import { defineConfig } from 'vitest/config';

/** The benchmarks' own helpers (bench/lib); the benchmarks themselves run with `npm run bench`. */
export default defineConfig({ test: { name: 'bench', include: ['lib/**/*.test.ts'] } });
