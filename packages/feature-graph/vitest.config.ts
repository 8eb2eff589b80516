import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'feature-graph', include: ['src/**/*.test.ts'] } });
