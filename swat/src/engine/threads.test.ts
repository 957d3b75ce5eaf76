// HRUs in worker threads (threads.ts): the calendar of simulated days, when a worker may run
// ahead of the main thread, and the outputs of 2 threads byte for byte those of 1 — pipelined
// (a worker days ahead), in lock step, with an ATMO file, saveconc and auto-fertilization.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, fixtureProject } from '../../test/fixtures.ts';
import { isLeap } from './adapter.ts';
import { loadProject, runSimulation, simulateProject, SimulationError } from './index.ts';
import { Model } from './model.ts';
import { calendar } from './sim.ts';
import { leadOf, partition, SLOTS, splitRows } from './threads.ts';

const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});
function lrewDaily(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hw-threads-'));
  tmp.push(dir);
  cpSync(fixturePath('lrew_swat2012', 'TxtInOut'), dir, { recursive: true });
  cpSync(fixturePath('lrew_swat2012', 'outputs_rev637', 'daily', 'file.cio'), join(dir, 'file.cio'));
  return dir;
}
/** file.cio's HRU print list ("HRU data to be printed") set to these HRUs. */
function printHrus(dir: string, hrus: number[]): void {
  const cio = readFileSync(join(dir, 'file.cio'), 'latin1').split(/\r?\n/);
  const i = cio.findIndex((l) => /HRU data to be printed/i.test(l));
  cio[i + 1] = Array.from({ length: 20 }, (_, k) => String(hrus[k] ?? 0).padStart(4)).join('');
  writeFileSync(join(dir, 'file.cio'), cio.join('\r\n'), 'latin1');
}
/** Sets `KEY` values of a keyed input file (`value | KEY` lines). */
function setKeyed(file: string, values: Record<string, number>): void {
  let t = readFileSync(file, 'latin1');
  for (const [k, v] of Object.entries(values)) t = t.replace(new RegExp(`^[ \\t]*-?[\\d.]+([ \\t]*\\|[ \\t]*${k}\\b)`, 'm'), (_, tail: string) => `${v.toFixed(3).padStart(16)}${tail}`);
  writeFileSync(file, t, 'latin1');
}
/** Sets rows of a .wus (the 12 months of WUPND 0, WURCH 1, WUSHAL 2, WUDEEP 3) to one value. */
function setWus(file: string, row: number, v: number): void {
  const lines = readFileSync(file, 'latin1').split(/\r?\n/);
  for (const i of [3 + 2 * row, 4 + 2 * row]) lines[i] = v.toFixed(3).padStart(10).repeat(6);
  writeFileSync(file, lines.join('\r\n'), 'latin1');
}

/** Runs `src` once with 1 thread and once with `threads` and expects every output file to be the same. */
async function sameOutputs(src: string, threads = 2): Promise<string[]> {
  const one = mkdtempSync(join(tmpdir(), 'hw-threads-1-'));
  const two = mkdtempSync(join(tmpdir(), 'hw-threads-2-'));
  tmp.push(one, two);
  cpSync(src, one, { recursive: true });
  cpSync(src, two, { recursive: true });
  const a = await runSimulation(one, { threads: 1 });
  const b = await runSimulation(two, { threads });
  const files = a.files.map((f) => f.slice(one.length + 1)).sort();
  expect(b.files.map((f) => f.slice(two.length + 1)).sort()).toEqual(files);
  // (output.std carries no run time: every file compares whole)
  for (const f of files) expect(readFileSync(join(two, f)).equals(readFileSync(join(one, f))), f).toBe(true);
  return files;
}

describe('the calendar of simulated days', () => {
  it('counts every day of every year, partial first and last years included, with the weather file index', () => {
    const c = { iyr: 1999, nbyr: 3, idaf: 100, idal: 59, nyskip: 0 } as Parameters<typeof calendar>[0];
    const cal = calendar(c);
    expect(cal.days).toBe(365 - 99 + 366 + 59); // 1999: days 100–365; 2000 leap; 2001: 1–59
    expect(cal.jd[0]).toBe(100);
    expect(cal.di[0]).toBe(99);
    expect(cal.flags[0]).toBe(1);
    const firstOf2000 = 365 - 99;
    expect([cal.yearIndex[firstOf2000], cal.jd[firstOf2000], cal.di[firstOf2000]]).toEqual([1, 1, 365]);
    expect(cal.flags[firstOf2000 - 1]).toBe(2); // 31 December 1999: last day of its year
    expect(cal.mon[firstOf2000 + 59]).toBe(1); // 29 February 2000 (day 60 of a leap year)
    expect(cal.mstart[1]![2]).toBe(61);
    const last = cal.days - 1;
    expect([cal.jd[last], cal.di[last], cal.flags[last], cal.d1[2]]).toEqual([59, 365 + 366 + 58, 2, 59]);
    expect(isLeap(2000)).toBe(true);
  });
});

describe('HRUs in worker threads', () => {
  it('a worker runs days ahead unless the main thread changes HRUs or reads a worker HRU between days', async () => {
    const p = await loadProject(lrewDaily());
    const m = new Model(p);
    const bounds = partition(m, 2);
    expect(bounds).toEqual([0, 67, 134]); // subbasin 2 (HRUs 42–87) split between the blocks
    const split = splitRows(m, bounds);
    expect([...split.order]).toEqual(Array.from({ length: 87 - 67 }, (_, i) => 67 + i));
    expect([split.rowOf[66], split.rowOf[67], split.rowOf[86], split.rowOf[87]]).toEqual([-1, 0, 19, -1]);
    const wanted = new Uint8Array(m.nhru);
    wanted[0] = 1;
    expect(leadOf(p, m, bounds, null)).toBe(SLOTS - 1);
    expect(leadOf(p, m, bounds, wanted)).toBe(SLOTS - 1); // HRU 1 is the main thread's
    wanted[m.nhru - 1] = 1;
    expect(leadOf(p, m, bounds, wanted)).toBe(0); // the last HRU's output.hru rows: lock step
    expect(leadOf({ ...p, lup: [{ year: 2005, jd: 1 }] } as unknown as typeof p, m, bounds, null)).toBe(0);
    expect(leadOf({ ...p, fig: [...p.fig, { kind: 'routres' }] } as unknown as typeof p, m, bounds, null)).toBe(0);
  });

  it('LREW daily, a worker days ahead, subbasin 2 split between the threads: 2 threads write the same files as 1, byte for byte', async () => {
    const files = await sameOutputs(lrewDaily());
    expect(files).toEqual(expect.arrayContaining(['output.hru', 'output.rch', 'output.sub', 'output.std']));
  }, 60_000);

  it('LREW daily on 3 threads (a block inside one subbasin\'s HRUs): the same files as 1 thread', async () => {
    await sameOutputs(lrewDaily(), 3);
  }, 60_000);

  it('LREW daily printing HRUs of both blocks (lock step): the same files as 1 thread', async () => {
    const dir = lrewDaily();
    printHrus(dir, [1, 60, 134]);
    await sameOutputs(dir);
  }, 60_000);

  it('LREW daily with a pond, a wetland and consumptive water use (impound.ts): the same files as 1 thread', async () => {
    const dir = lrewDaily();
    setKeyed(join(dir, '000010000.pnd'), { PND_FR: 0.5, PND_VOL: 10, PND_K: 0.1 });
    setKeyed(join(dir, '000020000.pnd'), { WET_FR: 0.4, WET_NSA: 20, WET_NVOL: 40, WET_MXSA: 30, WET_MXVOL: 70, WET_VOL: 40, WET_K: 0.05 });
    setWus(join(dir, '000010000.wus'), 1, 0.3);
    setWus(join(dir, '000030000.wus'), 2, 0.05);
    setWus(join(dir, '000030000.wus'), 3, 0.05);
    const p = await loadProject(dir);
    expect(p.subbasins.map((s) => [s.impound?.pndFr ?? 0, s.impound?.wetFr ?? 0, s.wus?.[12] ?? 0, s.wus?.[24] ?? 0])).toEqual([[0.5, 0, 0.3, 0], [0, 0.4, 0, 0], [0, 0, 0, 0.05]]);
    await sameOutputs(dir);
  }, 60_000);

  it('swatuq_2012 (ATMO deposition, saveconc, auto-fertilization, generated weather): the same files as 1 thread', async () => {
    const dir = fixtureProject('swatuq_2012');
    tmp.push(dir);
    expect(readdirSync(dir).some((f) => /\.dat$/i.test(f))).toBe(true);
    const files = await sameOutputs(dir);
    expect(files.some((f) => /^watout|\.dat$/i.test(f))).toBe(true);
  }, 120_000);

  it('an input error while the model is built stops the run with it, the waiting workers stopped', async () => {
    const dir = lrewDaily();
    const mgt = join(dir, '000030001.mgt');
    writeFileSync(mgt, readFileSync(mgt, 'latin1').replace(/\r\n {16}17/, '\r\n  6  1          13\r\n                17'), 'latin1');
    await expect(runSimulation(dir, { threads: 2, writeOutputs: false })).rejects.toThrow(/000030001\.mgt: operation 13/);
  }, 60_000);

  it('a non-finite state in a worker\'s block stops the run with a SimulationError naming the HRU', async () => {
    const p = await loadProject(lrewDaily());
    p.subbasins[2]!.hrus[4]!.layers[1]!.awc = Number.NaN; // subbasin 3: the worker's block
    await expect(simulateProject(p, { writeOutputs: false, threads: 2 })).rejects.toThrow(SimulationError);
    const p2 = await loadProject(lrewDaily());
    p2.subbasins[2]!.hrus[4]!.layers[1]!.awc = Number.NaN;
    await expect(simulateProject(p2, { writeOutputs: false, threads: 2 })).rejects.toThrow(/non-finite value \(NaN\) of \w+ .*in HRU \d+ \(\d{9}, subbasin 3\)/);
  }, 60_000);
});
