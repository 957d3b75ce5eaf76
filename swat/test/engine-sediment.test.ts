// Sediment rules of the engine on the in-repo LREW fixture: edge-of-field filter strips (filtw.f)
// trap 0.367·FILTERW^0.2967 of the HRU's sediment; elevation bands say in a note that snow is
// not kept per band.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSimulation } from '../src/engine/index.ts';
import { fixtureProject } from './fixtures.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function copy(): string {
  const d = fixtureProject('lrew_swat2012');
  dirs.push(d);
  const p = join(d, 'file.cio');
  writeFileSync(p, readFileSync(p, 'latin1').replace(/^[ \t]*-?\d+([ \t]*\|[ \t]*IPRINT\b)/m, (_, tail: string) => `${'2'.padStart(16)}${tail}`), 'latin1');
  return d;
}

describe('sediment rules', () => {
  it('a 10 m filter strip on every HRU traps 0.367·10^0.2967 = 72 % of the sediment (filtw.f)', async () => {
    const base = await runSimulation(copy(), { writeOutputs: false });
    const d = copy();
    for (const f of readdirSync(d).filter((x) => x.endsWith('.mgt'))) {
      const p = join(d, f);
      writeFileSync(p, readFileSync(p, 'latin1').replace(/^(\s*)[\d.]+(\s*\| FILTERW)/m, '$110.000$2'), 'latin1');
    }
    const strip = await runSimulation(d, { writeOutputs: false });
    const k = 1 - 0.367 * 10 ** 0.2967;
    const ratio = strip.aveAnnualBasin['TOTAL SEDIMENT LOADING'] / base.aveAnnualBasin['TOTAL SEDIMENT LOADING'];
    expect(ratio).toBeGreaterThan(k - 0.02);
    expect(ratio).toBeLessThan(k + 0.02);
    // water is not trapped
    expect(strip.aveAnnualBasin['TOTAL WATER YLD']).toBeCloseTo(base.aveAnnualBasin['TOTAL WATER YLD'], 6);
  });

  it('elevation bands are simulated for temperature and precipitation, with a note on snow', async () => {
    const d = copy();
    const p = join(d, '000010000.sub');
    const text = readFileSync(p, 'latin1').split(/\r?\n/);
    const i = text.findIndex((l) => /\| ELEVB:/.test(l));
    const j = text.findIndex((l) => /\| ELEVB_FR:/.test(l));
    text[i + 1] = ['80', '120'].map((x) => x.padStart(8)).join('') + '   0.000'.repeat(8);
    text[j + 1] = ['0.5', '0.5'].map((x) => x.padStart(8)).join('') + '   0.000'.repeat(8);
    writeFileSync(p, text.join('\r\n'), 'latin1');
    const s = await runSimulation(d, { writeOutputs: false });
    expect(s.notes.some((x) => /elevation bands/.test(x))).toBe(true);
  });
});
