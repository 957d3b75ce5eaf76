// SWAT Check's parallel loader reads what @headwater/swat's loadCheckInputs reads (SWAT's own LREW
// rev 637 runs, daily and monthly), so the check is `hw-swat check`'s.
// @vitest-environment node
import { mkdtempSync, readdirSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckInputs, swatCheck } from '@headwater/swat/post/check/index.ts';
import { loadCheckInputsParallel } from '../server/inputs.ts';

const LREW = resolve(import.meta.dirname, '../../../../shared/data/lrew_swat2012');

/** A run folder as the platform keeps it: the inputs and the outputs together. */
function runFolder(print: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hw-check-'));
  for (const f of readdirSync(join(LREW, 'TxtInOut'))) copyFileSync(join(LREW, 'TxtInOut', f), join(dir, f));
  for (const f of readdirSync(join(LREW, 'outputs_rev637', print))) copyFileSync(join(LREW, 'outputs_rev637', print, f), join(dir, f));
  return dir;
}

describe('the parallel loader', () => {
  for (const print of ['daily', 'monthly']) {
    it(`gives loadCheckInputs' inputs and check (${print})`, async () => {
      const dir = runFolder(print);
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
    await expect(loadCheckInputsParallel(join(LREW, 'TxtInOut'))).rejects.toThrow(/no output.std/);
  });
});
