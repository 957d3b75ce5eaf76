// hw-swat inspect (src/cli/inspect.ts) on the real projects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { run, summarize } from '../cli/inspect.ts';
import { readTxtInOut } from './project.ts';

afterEach(() => vi.restoreAllMocks());

function capture(): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  return { out: () => out, err: () => err };
}

describe('hw-swat inspect', () => {
  it('prints a JSON summary of LREW', async () => {
    const c = capture();
    const code = await run([fixturePath('lrew_swat2012', 'TxtInOut')]);
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const s = JSON.parse(c.out());
    expect(s.simulation).toMatchObject({ NBYR: 13, IYR: 2000, start: '2000-01-01', end: '2012-12-31', NYSKIP: 3 });
    expect(s.print).toMatchObject({ IPRINT: 1, timestep: 'daily', hrusPrinted: [1] });
    expect(s.counts).toMatchObject({ subbasins: 3, hrus: 134, hrusRead: 134, reaches: 3, reservoirs: 0 });
    expect(s.areaKm2).toBeCloseTo(21.96, 1);
    expect(s.climate.pcp[0].stations).toHaveLength(3);
    expect(s.climate.tmp[0].file).toBe('tmp1.tmp');
    const luArea = s.landUses.reduce((a: number, l: { areaKm2: number }) => a + l.areaKm2, 0);
    expect(luArea).toBeCloseTo(s.areaKm2, 2);
    expect(s.landUses[0].name).toBe('AGRL');
    expect(s.soils.length).toBeGreaterThan(0);
    expect(s.databases['plant.dat']).toBeGreaterThan(100);
  });

  it('exits non-zero with a message on a bad folder', async () => {
    const c = capture();
    expect(await run(['/nonexistent/headwater'])).toBe(1);
    expect(await run(['a', 'b'])).toBe(2);
    vi.restoreAllMocks();
    expect(c.err()).toMatch(/hw-swat inspect: not a folder/);
    expect(c.out()).toBe('');
  });

  it('summarizes the HAWQS subset (reservoirs, point sources)', async () => {
    const p = await readTxtInOut(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset'), { weather: false });
    const s = summarize(p, 'x') as { counts: Record<string, number>; print: Record<string, unknown> };
    expect(s.counts).toMatchObject({ subbasinsInFig: 8, subbasins: 1, hrus: 135, hrusRead: 1, reaches: 8, reservoirs: 6, inlets: 8 });
    expect(s.print.hruVariables).toHaveLength(20);
  });
});
