import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'platform-api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; files run in parallel on the 2 cores.
    fileParallelism: true,
  },
});
