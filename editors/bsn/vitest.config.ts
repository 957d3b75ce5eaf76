import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'editor-bsn',
    include: ['test/**/*.test.{ts,tsx}'],
    // the page test switches to jsdom itself (`@vitest-environment jsdom`)
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    // @rjsf/mantine imports `dayjs/plugin/customParseFormat` without an extension, which Node's
    // ESM loader refuses; let vite resolve it (as plugin-sdk's tests do).
    server: { deps: { inline: ['@rjsf/mantine'] } },
  },
});
