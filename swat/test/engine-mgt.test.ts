// Management the engine simulates since issue 16, on the in-repo LREW fixture: tile drains
// (DDRAIN/TDRAIN/GDRAIN: water leaves through the tile instead of as surface runoff and lateral
// flow), continuous fertilization (operation 14), continuous pesticide (operation 15, accepted with
// a note), operations still refused by name (12 street sweeping, 13 release/impound), land use
// updates (lup.dat: HRU fractions change on their date only), and point sources of monthly
// records (average daily loads, as SWAT reads them).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, loadProject, simulateProject } from '../src/engine/index.ts';
import { pointSource } from '../src/engine/route.ts';
import { BV } from '../src/engine/vars.ts';
import { formatMgt, parseMgt, readTxtInOut } from '../src/txtinout/index.ts';
import type { MgtOperation } from '../src/txtinout/types.ts';
import { fixtureProject } from './fixtures.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

/** A copy of the LREW fixture printing yearly. */
function copy(): string {
  const d = fixtureProject('lrew_swat2012');
  dirs.push(d);
  const p = join(d, 'file.cio');
  writeFileSync(p, readFileSync(p, 'latin1').replace(/^[ \t]*-?\d+([ \t]*\|[ \t]*IPRINT\b)/m, (_, tail: string) => `${'2'.padStart(16)}${tail}`), 'latin1');
  return d;
}

/** Edits every .mgt of a land use. */
function editMgt(d: string, landuse: string, edit: (text: string) => string): number {
  let n = 0;
  for (const f of readdirSync(d)) {
    if (!f.toLowerCase().endsWith('.mgt')) continue;
    const t = readFileSync(join(d, f), 'latin1');
    if (!new RegExp(`Luse:${landuse}\\b`).test(t.split(/\r?\n/)[0] ?? '')) continue;
    writeFileSync(join(d, f), edit(t), 'latin1');
    n++;
  }
  return n;
}
/** Puts an operation first in the schedules of a land use. */
const firstOp = (d: string, landuse: string, op: Record<string, number>) =>
  editMgt(d, landuse, (t) => {
    const mgt = parseMgt(t);
    mgt.operations.unshift(op as unknown as MgtOperation);
    return formatMgt(mgt);
  });
/** The same impervious layer on the cropland without drains (the baseline of the tile drains). */
function withDepImp(d: string): string {
  for (const f of readdirSync(d)) {
    if (!f.toLowerCase().endsWith('.hru')) continue;
    const t = readFileSync(join(d, f), 'latin1');
    if (/Luse:AGRL\b/.test(t.split(/\r?\n/)[0] ?? '')) writeFileSync(join(d, f), setValue('DEP_IMP', 1500)(t), 'latin1');
  }
  return d;
}
const setValue = (name: string, v: number) => (t: string) => t.replace(new RegExp(`^(\\s*)[-\\d.]+(\\s*\\|\\s*${name}\\b)`, 'm'), (_, a: string, b: string) => `${a}${v.toFixed(3)}${b}`);

async function run(d: string) {
  const { summary, totals } = await simulateProject(await loadProject(d), { writeOutputs: true });
  const n = totals.model.nhru;
  const hruSurq = Array.from({ length: n }, (_, h) => totals.hruAa[h * 6 + 1]! / totals.avgYears);
  return { aa: summary.aveAnnualBasin, years: totals.basinYears, notes: summary.notes, hruSurq };
}

describe('tile drains (DDRAIN, TDRAIN, GDRAIN)', () => {
  it('move water from surface runoff and lateral flow into tile flow, part of the water yield', async () => {
    const d = copy();
    // SWAT's tile drains need a perched water table: an impervious layer at 1.5 m (DEP_IMP, .hru)
    // and the drains 0.9 m deep
    const n = editMgt(d, 'AGRL', (t) => setValue('GDRAIN', 24)(setValue('TDRAIN', 24)(setValue('DDRAIN', 900)(t))));
    expect(n).toBeGreaterThan(10);
    for (const f of readdirSync(d)) {
      if (!f.toLowerCase().endsWith('.hru')) continue;
      const t = readFileSync(join(d, f), 'latin1');
      if (/Luse:AGRL\b/.test(t.split(/\r?\n/)[0] ?? '')) writeFileSync(join(d, f), setValue('DEP_IMP', 1500)(t), 'latin1');
    }
    const base = await run(withDepImp(copy()));
    const tiled = await run(d);
    expect(base.aa['TILE Q']).toBe(0);
    expect(tiled.aa['TILE Q']).toBeGreaterThan(10);
    // the water goes elsewhere, it is not made: the water yield stays within 1 %
    expect(Math.abs(tiled.aa['TOTAL WATER YLD']! / base.aa['TOTAL WATER YLD']! - 1)).toBeLessThan(0.01);
    expect(tiled.aa['SURFACE RUNOFF Q']).toBeLessThan(base.aa['SURFACE RUNOFF Q']!);
    expect(tiled.aa['LATERAL SOIL Q']).toBeLessThan(base.aa['LATERAL SOIL Q']!);
    // output.std says it (output.hru too, as QTILEmm, when file.cio prints all HRU variables)
    const std = readFileSync(join(d, 'output.std'), 'latin1');
    expect(std).toMatch(/TILE Q\s+=\s+[1-9]/);
    console.log(`tile drains on AGRL: TILE Q ${tiled.aa['TILE Q']!.toFixed(2)} mm; SURQ ${base.aa['SURFACE RUNOFF Q']!.toFixed(2)} → ${tiled.aa['SURFACE RUNOFF Q']!.toFixed(2)}; LATQ ${base.aa['LATERAL SOIL Q']!.toFixed(2)} → ${tiled.aa['LATERAL SOIL Q']!.toFixed(2)}`);
  }, 120_000);
});

describe('operations', () => {
  it('continuous fertilization (operation 14) applies its fertilizer every IFRT_FREQ days for FERT_DAYS days', async () => {
    const base = await run(copy());
    const d = copy();
    // on pasture, at 0.1 heat units: 10 kg/ha of elemental N (fert 1) every 5 days for 60 days
    expect(firstOp(d, 'PAST', { op: 14, month: 0, day: 0, husc: 0.1, FERT_DAYS: 60, CFRT_ID: 1, IFRT_FREQ: 5, CFRT_KG: 10 })).toBeGreaterThan(5);
    const fert = await run(d);
    const nApp = (y: { values: Float64Array }) => y.values[BV.N_APP]!;
    const baseN = base.years.reduce((s, y) => s + nApp(y), 0);
    const fertN = fert.years.reduce((s, y) => s + nApp(y), 0);
    expect(fertN).toBeGreaterThan(baseN);
  }, 120_000);

  it('continuous pesticide (operation 15) is accepted and said not simulated; sweeping and release/impound stop the run by name', async () => {
    const d = copy();
    firstOp(d, 'PAST', { op: 15, month: 0, day: 0, husc: 0.1, CPST_ID: 1, PEST_DAYS: 30, IPST_FREQ: 1, CPST_KG: 0.1 });
    const r = await run(d);
    expect(r.notes.join(' ')).toMatch(/continuous pesticide applications \(operation 15\) are not simulated/);
    for (const [op, name] of [[{ op: 12, month: 6, day: 1, husc: 0, SWEEPEFF: 0.5, FR_CURB: 1 }, 'street sweeping'], [{ op: 13, month: 6, day: 1, husc: 0, IMP_TRIG: 1 }, 'release\\/impound']] as const) {
      const e = copy();
      firstOp(e, 'URLD', op);
      await expect(loadProject(e)).rejects.toThrow(new RegExp(`operation 1[23] \\(${name}`));
    }
  }, 120_000);
});

describe('land use updates (lup.dat)', () => {
  it('change the HRU fractions on their date: forest to urban raises surface runoff from then on only', async () => {
    const base = await run(copy());
    const d = copy();
    const sp = await readTxtInOut(d, { weather: false, databases: false, otherFiles: false });
    // every forest HRU of every subbasin gives its area to the subbasin's urban HRU with the most
    // runoff, on 1 January 2005
    const rows: string[] = [];
    let n = 0;
    for (const s of sp.subbasins) {
      const luse = s.hrus.map((h) => /Luse:\s*(\S+)/.exec(h.hru!.title)?.[1] ?? '');
      const first = n;
      let urban = -1;
      luse.forEach((l, i) => {
        if (l === 'URLD' && (urban < 0 || base.hruSurq[first + i]! > base.hruSurq[first + urban]!)) urban = i;
      });
      let moved = 0;
      const fr = s.hrus.map((h, i) => {
        const f = h.hru!.HRU_FR;
        if (luse[i] === 'FRSE' || luse[i] === 'FRSD') {
          moved += f;
          return 0;
        }
        return f;
      });
      if (urban >= 0) fr[urban]! += moved;
      for (const f of fr) rows.push(`${++n} ${f.toFixed(7)}`);
    }
    writeFileSync(join(d, 'lup.dat'), `${'1'.padStart(5)}${'1'.padStart(5)}${'1'.padStart(5)}${'2005'.padStart(5)} lup1.dat\n`);
    writeFileSync(join(d, 'lup1.dat'), `land use update 2005-01-01\n${rows.join('\n')}\n`);
    const upd = await run(d);
    const surq = (r: { years: { year: number; values: Float64Array }[] }) => new Map(r.years.map((y) => [y.year, y.values[BV.SURQ]!]));
    const a = surq(base);
    const b = surq(upd);
    for (const [year, v] of a) {
      if (year < 2005) expect(b.get(year)).toBeCloseTo(v, 9);
      else expect(b.get(year)!).toBeGreaterThan(v);
    }
    expect([...a.keys()].some((y) => y < 2005) && [...a.keys()].some((y) => y >= 2005)).toBe(true);
  }, 120_000);

  it('refuse an update naming a missing file or an HRU the project does not have', async () => {
    const d = copy();
    writeFileSync(join(d, 'lup.dat'), '    1    1    1 2005 nofile.dat\n');
    await expect(loadProject(d)).rejects.toThrow(InputError);
    await expect(loadProject(d)).rejects.toThrow(/land use update file nofile.dat is missing/);
    writeFileSync(join(d, 'lup.dat'), '    1    1    1 2005 lup1.dat\n');
    writeFileSync(join(d, 'lup1.dat'), 'title\n9999 0.5\n');
    await expect(loadProject(d)).rejects.toThrow(/lup1.dat: HRU 9999 is not an HRU of this project/);
  }, 60_000);
});

describe('point sources', () => {
  it('monthly and yearly records are average daily loads (readmon.f, readyr.f)', () => {
    const mon = { kind: 'mon' as const, byKey: new Map([[2005 * 100 + 2, [8640, 1, 2, 3, 4, 0, 0, 5]]]) };
    expect(pointSource(mon, 2005, 40, 1)).toEqual([8640, 1, 2, 3, 4, 0, 0, 5]);
    const yr = { kind: 'year' as const, byKey: new Map([[2005, [100, 0]]]) };
    expect(pointSource(yr, 2005, 200, 6)).toEqual([100, 0]);
  });
});
