import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker's files share its module graph (the app is imported once, not once a file): each file
    // builds its own app on a database of its own (build-test-app.ts), so nothing else is shared.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
