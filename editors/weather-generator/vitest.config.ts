import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'editor-weather-generator',
    include: ['test/**/*.test.{ts,tsx}'],
    // the page test switches to jsdom itself (`@vitest-environment jsdom`)
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    // the form's rjsf chunk takes a few seconds to load and render 14 fields under jsdom
    testTimeout: 30_000,
    // @rjsf/mantine imports `dayjs/plugin/customParseFormat` without an extension, which Node's
    // ESM loader refuses; let vite resolve it (as plugin-sdk's tests do).
    server: { deps: { inline: ['@rjsf/mantine'] } },
  },
});
