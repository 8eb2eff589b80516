import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/feature-graph', 'apps/server', 'apps/web', 'e2e'],
  },
});
