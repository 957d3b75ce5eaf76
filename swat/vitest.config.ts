import { createVitestConfig } from '../vitest.factory.ts';

export default createVitestConfig({ dir: import.meta.dirname, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], test: { testTimeout: 120_000 } });
