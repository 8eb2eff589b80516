import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Web unit tests: components in happy-dom (a light DOM), the real translations in English. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // A worker's files share its window and its packages; each file leaves it as it found it
    // (test/file-reset.ts) and imports the app's modules afresh.
    isolate: false,
    // Above the 5 s that waitFor and findBy wait (test-setup.ts), so a wait that fails says what it
    // waited for rather than the test timing out.
    testTimeout: 20_000,
  },
});
