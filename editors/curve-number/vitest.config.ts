import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'editor-curve-number', include: ['test/**/*.test.ts'], environment: 'node' } });
