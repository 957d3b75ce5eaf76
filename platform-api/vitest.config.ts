import { createVitestConfig } from '../vitest.factory.ts';

// Each file gets its own database; files run in parallel on the 2 cores.
export default createVitestConfig({ dir: import.meta.dirname, test: { testTimeout: 30_000, hookTimeout: 60_000, fileParallelism: true } });
