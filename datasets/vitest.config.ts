import { createVitestConfig } from '../vitest.factory.ts';

export default createVitestConfig({ dir: import.meta.dirname, test: { testTimeout: 60_000 } });
