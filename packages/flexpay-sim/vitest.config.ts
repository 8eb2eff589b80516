import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'flexpay-sim', include: ['src/**/*.test.ts'] } });
