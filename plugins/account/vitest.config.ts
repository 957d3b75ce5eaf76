import { defineConfig } from 'vitest/config';

// Rules run in node; page tests (*.test.tsx) say `@vitest-environment jsdom` themselves.
export default defineConfig({ test: { name: 'plugin-account', include: ['test/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['../../plugin-sdk/test/setup.ts'] } });
