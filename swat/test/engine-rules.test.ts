// SWAT's input rules in the engine (issue 22): soil profiles end at the first zero-depth layer,
// missing weather (-99, Tmax + Tmin = 0) is generated as SWAT generates it, averages count
// partial first/last years as SWAT does, NYSKIP >= NBYR prints the last year; a non-finite
// state stops the run naming the HRU, day and variable; inputs the engine does not simulate
// stop it with a message naming them. On the in-repo LREW fixture.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, loadProject, runSimulation, simulateProject, SimulationError } from '../src/engine/index.ts';
import { averageYears } from '../src/engine/sim.ts';
import { aunif, atri, seedPlan, DEFAULT_SEEDS } from '../src/engine/wgen.ts';
import { formatSol, parseSol } from '../src/txtinout/index.ts';
import { parseOutputStd } from '../src/output/index.ts';
import { fixtureProject } from './fixtures.ts';

let dir = '';
const dirs: string[] = [];
beforeAll(() => {
  dir = fixtureProject('lrew_swat2012');
  dirs.push(dir);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function setCio(d: string, edit: (text: string) => string): void {
  const p = join(d, 'file.cio');
  writeFileSync(p, edit(readFileSync(p, 'latin1')), 'latin1');
}
const cioValue = (name: string, v: number) => (t: string) => t.replace(new RegExp(`^[ \\t]*-?\\d+([ \\t]*\\|[ \\t]*${name}\\b)`, 'm'), (_, tail: string) => `${String(v).padStart(16)}${tail}`);
function copy(): string {
  const d = fixtureProject('lrew_swat2012');
  dirs.push(d);
  // yearly printing: small outputs
  setCio(d, cioValue('IPRINT', 2));
  return d;
}

describe('the weather generator is seeded as SWAT seeds it', () => {
  it('uses the Park–Miller minimal standard generator (10,000th value from seed 1 is 1043618065)', () => {
    const s = [1];
    for (let i = 0; i < 10000; i++) aunif(s, 0);
    expect(s[0]).toBe(1043618065);
  });
  it("starts every HRU on SWAT's nine default seeds; IGEN > 0 reseeds HRU 1 and shuffles the processes", () => {
    const p0 = seedPlan(0);
    expect(p0.first.slice(1, 10)).toEqual(DEFAULT_SEEDS);
    expect(p0.idg.slice(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const p1 = seedPlan(1);
    expect(p1.other.slice(1, 10)).toEqual(DEFAULT_SEEDS);
    expect(p1.first.slice(1, 10)).not.toEqual(DEFAULT_SEEDS);
    expect([...p1.idg.slice(1)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('draws the triangular distribution with the mode as its mean, within (0, 1)', () => {
    const s = [DEFAULT_SEEDS[5]];
    let sum = 0;
    for (let i = 0; i < 20000; i++) {
      const v = atri(0.02083, 0.3, 0.9, s, 0);
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(1);
      sum += v;
    }
    expect(sum / 20000).toBeCloseTo(0.3, 2);
  });
});

describe("SWAT's input rules", () => {
  it('a soil profile ends at the first zero-depth layer (a trailing zero layer changes nothing)', async () => {
    const base = (await runSimulation(copy(), { writeOutputs: false })).aveAnnualBasin;
    const d = copy();
    for (const f of readdirSync(d).filter((x) => x.endsWith('.sol'))) {
      const sol = parseSol(readFileSync(join(d, f), 'latin1'));
      sol.layers.push({ ...sol.layers[sol.layers.length - 1], SOL_Z: 0 });
      writeFileSync(join(d, f), formatSol(sol), 'latin1');
    }
    const zero = (await runSimulation(d, { writeOutputs: false })).aveAnnualBasin;
    expect(zero).toEqual(base);
  });

  it('a day with Tmax + Tmin = 0 is missing: generated exactly like a day of -99', async () => {
    const run = async (fill: number) => {
      const p = await loadProject(copy());
      const t0 = 366 + 365 * 2; // 2003-01-01
      for (let d = t0; d < t0 + 365; d++) {
        p.weather.tmx[0][d] = fill === 0 ? 0 : -99;
        p.weather.tmn[0][d] = fill === 0 ? 0 : -99;
      }
      return (await simulateProject(p, { writeOutputs: false })).summary.aveAnnualBasin;
    };
    const zeros = await run(0);
    const missing = await run(-99);
    expect(zeros).toEqual(missing);
    const measured = (await runSimulation(copy(), { writeOutputs: false })).aveAnnualBasin;
    expect(zeros.PET).not.toBe(measured.PET);
  });

  it('missing precipitation (-99) is generated (wet and dry days), deterministic from run to run', async () => {
    const run = async () => {
      const p = await loadProject(copy());
      for (const g of p.weather.pcp) for (let d = 366 * 2 + 365; d < 366 * 2 + 365 * 3; d++) g[d] = -99;
      return (await simulateProject(p, { writeOutputs: false })).summary.aveAnnualBasin;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.PRECIP).toBeGreaterThan(500);
  });

  it('average annual values count a partial first and last year as fractions of a year (writeaa.f)', async () => {
    const c = { nbyr: 3, iyr: 2001, idaf: 91, idal: 182, nyskip: 0 } as Parameters<typeof averageYears>[0];
    // last year 2003 (365 days): (365 - 90) / 365 + 1 + 182 / 365
    expect(averageYears(c)).toBeCloseTo(275 / 365 + 1 + 182 / 365, 12);
    expect(averageYears({ ...c, idaf: 0, idal: 0 })).toBe(3);
    expect(averageYears({ ...c, nyskip: 1 })).toBeCloseTo(1 + 182 / 365, 12);
    const d = copy();
    setCio(d, (t) => cioValue('IDAL', 181)(cioValue('IDAF', 60)(t)));
    const s = await runSimulation(d);
    const std = parseOutputStd(readFileSync(join(d, 'output.std'), 'latin1')).aveAnnualBasin;
    expect(std.PRECIP).toBeCloseTo(s.aveAnnualBasin.PRECIP, 1);
    // NYSKIP 3 of 13 years, the last ending on day 181 of 2012 (leap): 9 + 181/366 years
    expect(s.aveAnnualBasin.PRECIP).toBeGreaterThan(900);
    expect(s.aveAnnualBasin.PRECIP).toBeLessThan(1400);
  });

  it('NYSKIP >= NBYR prints the last year (readfile.f)', async () => {
    const d = copy();
    setCio(d, cioValue('NYSKIP', 20));
    const p = await loadProject(d);
    expect(p.control.nyskip).toBe(12);
  });
});

describe('never a silent wrong answer', () => {
  it('a state that becomes non-finite stops the run naming the HRU, the day and the variable', async () => {
    const p = await loadProject(copy());
    p.subbasins[1].hrus[4].layers[1].awc = Number.NaN;
    await expect(simulateProject(p, { writeOutputs: false })).rejects.toThrow(SimulationError);
    const p2 = await loadProject(copy());
    p2.subbasins[1].hrus[4].layers[1].awc = Number.NaN;
    await expect(simulateProject(p2, { writeOutputs: false })).rejects.toThrow(/non-finite value \(NaN\) of \w+ .*in HRU \d+ \(\d{9}, subbasin 2\)/);
    // a non-finite weather value on a day names that day
    const p3 = await loadProject(copy());
    p3.weather.tmx[0][400] = Number.POSITIVE_INFINITY;
    await expect(simulateProject(p3, { writeOutputs: false })).rejects.toThrow(/on 2001-02-04 \(day 35 of 2001\)/);
  });

  const reject = async (edit: (d: string) => void, message: RegExp) => {
    const d = copy();
    edit(d);
    await expect(runSimulation(d, { writeOutputs: false })).rejects.toThrow(InputError);
    await expect(runSimulation(d, { writeOutputs: false })).rejects.toThrow(message);
  };
  const editFile = (d: string, name: string, f: (t: string) => string) => writeFileSync(join(d, name), f(readFileSync(join(d, name), 'latin1')), 'latin1');

  it('a routing command the engine does not simulate stops the run naming it', async () => {
    await reject((d) => editFile(d, 'fig.fig', (t) => t.replace(/^(finish.*)$/m, 'transfer       4     0     1     2\n$1')), /routing command 'transfer' \(code 4\)/);
  });
  it('an operation the engine does not simulate stops the run naming it and the file', async () => {
    await reject((d) => editFile(d, '000010001.mgt', (t) => t.replace(/\r\n {16}17/, '\r\n  6  1          13\r\n                17')),
      /000010001\.mgt: operation 13 \(release\/impound/);
  });
  // CH_EQN 0–4 are all simulated since issue 15 (src/engine/sediment-pothole.test.ts); SWAT2012 has no 5
  it('a channel sediment equation SWAT2012 does not have (CH_EQN 5) stops the run', async () => {
    await reject((d) => editFile(d, '000010000.rte', (t) => t.replace(/^(\s*)0(\s*\| CH_EQN)/m, '$15$2')), /000010000\.rte: channel sediment routing CH_EQN 5 \(SWAT2012 has 0 to 4\)/);
  });
  it('a print option the engine does not write stops the run', async () => {
    await reject((d) => setCio(d, cioValue('ISTO', 1)), /print option ISTO 1 \(output\.swr\)/);
  });
  // (tile drains, DDRAIN, are simulated since issue 16: test/engine-mgt.test.ts)
  it('crack flow and sub-daily rainfall stop the run', async () => {
    await reject((d) => editFile(d, 'basins.bsn', (t) => t.replace(/^(\s*)0(\s*\| ICRK)/m, '$11$2')), /crack flow \(ICRK 1\)/);
  });
});
