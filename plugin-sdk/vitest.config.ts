import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'plugin-sdk',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // @rjsf/mantine imports `dayjs/plugin/customParseFormat` without an extension, which Node's
    // ESM loader refuses; let vite resolve it (the build has `fullySpecified: false` for this).
    server: { deps: { inline: ['@rjsf/mantine'] } },
  },
});
