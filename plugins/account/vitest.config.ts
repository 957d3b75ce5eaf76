import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'plugin-account', include: ['test/**/*.test.ts'], environment: 'node' } });
