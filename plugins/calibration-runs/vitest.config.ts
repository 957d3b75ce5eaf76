import { createVitestConfig } from '../../vitest.factory.ts';

export default createVitestConfig({ dir: import.meta.dirname, environment: 'jsdom' });
