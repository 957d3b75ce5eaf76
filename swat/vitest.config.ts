import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'swat',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
