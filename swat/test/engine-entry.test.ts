// The package export the platform's worker imports (`@headwater/swat/engine/index.ts` →
// engine.js): the engine from the precompiled build when it is fresh, else from the sources —
// under vitest (module runner) and under plain Node, with and without a build.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

describe('engine.js (the package export of the engine)', () => {
  it('exposes the engine under vitest', async () => {
    const m = await import('../engine.js');
    expect(typeof m.runSimulation).toBe('function');
    expect(typeof m.InputError).toBe('function');
    expect(typeof m.SimulationError).toBe('function');
  });

  it('loads from the sources under Node when asked (HW_SWAT_SOURCE=1) and from dist/ only when it is fresh', () => {
    const code = `import('@headwater/swat/engine/index.ts').then(async (m) => {
      const { distIsFresh } = await import(${JSON.stringify('file://' + join(root, 'dist-loader.js'))});
      process.stdout.write(JSON.stringify({ fn: typeof m.runSimulation, dist: distIsFresh() }));
    });`;
    for (const env of [{ HW_SWAT_SOURCE: '1' }, {}]) {
      const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } }));
      expect(out.fn).toBe('function');
      if (env.HW_SWAT_SOURCE) expect(out.dist).toBe(false);
    }
  });
});
