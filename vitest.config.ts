// One vitest run over every package (each package keeps its own vitest.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['swat', 'platform-api', 'plugin-sdk', 'shell', 'plugins/*', 'editors/*', 'datasets', 'scripts'],
    reporters: ['default'],
  },
});
