// SWAT Check's parallel loader reads what @headwater/swat's loadCheckInputs reads (SWAT's own LREW
// rev 637 runs, daily and monthly), so the check is `hw-swat check`'s.
// @vitest-environment node
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCheckInputs, swatCheck } from '@headwater/swat/post/check/index.ts';
import { fixtureProject, fixtureRun } from '@headwater/swat/test-fixtures';
import { loadCheckInputsParallel } from '../server/inputs.ts';

describe('the parallel loader', () => {
  for (const print of ['daily', 'monthly']) {
    it(`gives loadCheckInputs' inputs and check (${print})`, async () => {
      const dir = fixtureRun('lrew_swat2012', print as 'daily' | 'monthly');
      try {
        const seq = loadCheckInputs(dir);
        const par = await loadCheckInputsParallel(dir);
        expect(par.landUseSource).toBe(seq.landUseSource);
        expect([...par.landUse]).toEqual([...seq.landUse]);
        expect(par.rch?.rowCount).toBe(seq.rch?.rowCount);
        expect(par.hru?.columns).toEqual(seq.hru?.columns);
        for (const subbasin of [0, 2]) expect(swatCheck(par, { subbasin })).toEqual(swatCheck(seq, { subbasin }));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }
  it('answers a folder without outputs with the reason', async () => {
    await expect(loadCheckInputsParallel(fixtureProject('lrew_swat2012'))).rejects.toThrow(/no output.std/);
  });
});
