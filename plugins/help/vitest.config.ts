import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'plugin-help', include: ['test/**/*.test.{ts,tsx}'], environment: 'node' } });
