import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores (one on CI's two). The server tests
    // mostly wait on databases, sockets and child processes, so one a core keeps both busy: on two
    // cores the unit run took 3.5 min instead of 6. One more than the cores was barely faster and
    // starved the tests that time a worker's warm-up.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real server processes killed and restarted, sustained load: `npm run test:resilience`.
        test: {
          name: 'resilience',
          environment: 'node',
          include: ['tests/resilience/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
