import { createVitestConfig } from '../../vitest.factory.ts';

// the form's rjsf chunk takes a few seconds to load and render 14 fields under jsdom
export default createVitestConfig({ dir: import.meta.dirname, test: { testTimeout: 30_000 } });
