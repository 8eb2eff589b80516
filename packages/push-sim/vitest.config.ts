import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'push-sim', include: ['src/**/*.test.ts'] } });
