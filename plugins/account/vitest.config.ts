import { createVitestConfig } from '../../vitest.factory.ts';

// Rules run in node; page tests (*.test.tsx) say `@vitest-environment jsdom` themselves.
export default createVitestConfig({ dir: import.meta.dirname });
