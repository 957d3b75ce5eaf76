import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'plugin-ce-qual', include: ['test/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['../../plugin-sdk/test/setup.ts'] },
});
