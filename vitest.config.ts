import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/feature-graph',
      'packages/flexpay-sim',
      'packages/push-sim',
      'apps/server',
      'apps/web',
      'e2e',
    ],
  },
});
