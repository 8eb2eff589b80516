import { defineConfig } from 'vitest/config';

/** The end-to-end harness's own tests (the accessibility check); the journeys run with e2e/run.mjs. */
export default defineConfig({ test: { name: 'e2e', include: ['a11y/**/*.test.ts'] } });
