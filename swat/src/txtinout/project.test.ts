import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fixturePath } from '../../test/fixtures.ts';
import { readTxtInOut, writeTxtInOut } from './project.ts';
import type { SwatProject } from './types.ts';

const LREW = () => fixturePath('lrew_swat2012', 'TxtInOut');
const HAWQS = () => fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset');

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'hw-txtinout-'));
}

/** Compare two projects file kind by file kind (clear failure messages). */
function expectSameProject(a: SwatProject, b: SwatProject): void {
  expect(b.cio).toEqual(a.cio);
  expect(b.fig).toEqual(a.fig);
  expect(b.bsn).toEqual(a.bsn);
  expect(b.subbasins.length).toBe(a.subbasins.length);
  a.subbasins.forEach((s, i) => {
    const t = b.subbasins[i]!;
    expect(t.sub, s.file).toEqual(s.sub);
    expect(t.wgn).toEqual(s.wgn);
    expect(t.pnd).toEqual(s.pnd);
    expect(t.wus).toEqual(s.wus);
    expect(t.hrus.length).toBe(s.hrus.length);
    s.hrus.forEach((h, j) => {
      const g = t.hrus[j]!;
      for (const k of ['hru', 'mgt', 'sol', 'chm', 'gw', 'sep'] as const) expect(g[k], `${h.files[k]}`).toEqual(h[k]);
    });
  });
  expect(b.reaches).toEqual(a.reaches);
  expect(b.weather).toEqual(a.weather);
  expect(b.databases).toEqual(a.databases);
  expect(b.otherFiles).toEqual(a.otherFiles);
  expect(isDeepStrictEqual(a, b)).toBe(true);
}

describe('readTxtInOut / writeTxtInOut', () => {
  it('reads the whole LREW project', async () => {
    const p = await readTxtInOut(LREW());
    expect(p.warnings).toEqual([]);
    expect(p.cio.NBYR).toBe(13);
    expect(p.subbasins.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(p.subbasins.reduce((n, s) => n + s.hrus.length, 0)).toBe(134);
    expect(p.subbasins.reduce((a, s) => a + s.sub.SUB_KM, 0)).toBeCloseTo(21.96, 1);
    expect(p.reaches.map((r) => r.number)).toEqual([1, 2, 3]);
    expect(p.reaches[0]!.rte!.CH_L2).toBe(3.04);
    // file.cio says tmp1.tmp, the folder has Tmp1.Tmp
    expect(Object.keys(p.weather!.tmp)).toEqual(['tmp1.tmp']);
    expect(p.weather!.pcp['pcp1.pcp']!.stations).toHaveLength(3);
    expect(p.weather!.slr!.values).toHaveLength(1);
    expect(p.databases!.plant.length).toBeGreaterThan(100);
    expect(p.databases!.urban).toHaveLength(9);
    // files the reader does not model are kept verbatim
    expect(Object.keys(p.otherFiles)).toContain('basins.wwq');
    expect(Object.keys(p.otherFiles)).toContain('000010001.sdr');
    expect(Object.keys(p.otherFiles).some((f) => f.endsWith('.hru') || f.endsWith('.pcp'))).toBe(false);
    for (const s of p.subbasins) for (const h of s.hrus) {
      expect(h.hru && h.mgt && h.sol && h.chm && h.gw && h.sep).toBeTruthy();
      expect(h.sol!.layers.length).toBeGreaterThan(0);
    }
  });

  it('reads no NaN or infinite value anywhere in LREW or HAWQS', async () => {
    for (const dir of [LREW(), HAWQS()]) {
      const p = await readTxtInOut(dir, { otherFiles: false });
      const bad: string[] = [];
      const walk = (v: unknown, path: string): void => {
        if (typeof v === 'number') {
          if (!Number.isFinite(v)) bad.push(path);
        } else if (ArrayBuffer.isView(v)) {
          const a = v as unknown as ArrayLike<number>;
          for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i]!)) bad.push(`${path}[${i}]`);
        } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
        else if (v && typeof v === 'object' && path !== 'layout') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      };
      walk(p, '');
      expect(bad).toEqual([]);
    }
  });

  it('round-trips LREW: read, write, read gives the same values for every file kind', async () => {
    const a = await readTxtInOut(LREW());
    const dir = tmp();
    try {
      await writeTxtInOut(a, dir);
      const names = readdirSync(dir);
      expect(names).toContain('tmp1.tmp');
      expect(names).not.toContain('Tmp1.Tmp');
      expect(names).toHaveLength(readdirSync(LREW()).length);
      expect(readFileSync(join(dir, '000010000.rte'), 'latin1')).toContain('\u00b5m');
      expect(readFileSync(join(dir, 'file.cio'), 'latin1')).toContain('\r\n');
      const b = await readTxtInOut(dir);
      expectSameProject(a, b);
      // modelled files come back byte-identical where the layout allows it
      for (const f of ['file.cio', 'basins.bsn', '000010000.rte', '000010001.hru', '000010001.gw', '000010000.pnd', '000010000.wgn', 'till.dat']) {
        const norm = (s: string) => s.split(/\r?\n/).map((l) => l.trimEnd()).join('\n').trimEnd();
        expect(norm(readFileSync(join(dir, f), 'latin1')), f).toBe(norm(readFileSync(join(LREW(), f), 'latin1')));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('round-trips the HAWQS subset (left-justified values, reservoirs, point sources)', async () => {
    const a = await readTxtInOut(HAWQS());
    expect(a.cio.IYR).toBe(1981);
    expect(a.reaches).toHaveLength(8);
    expect(a.subbasins).toHaveLength(1);
    // the subset has only the first subbasin and its first HRU
    expect(a.warnings.some((w) => w.includes('000020000.sub'))).toBe(true);
    expect(a.subbasins[0]!.hrus[0]!.hru!.HRU_FR).toBe(0.0101108);
    expect(a.subbasins[0]!.hrus[0]!.mgt!.IGRO).toBe(1);
    expect(Object.keys(a.otherFiles)).toEqual(expect.arrayContaining(['000020000.res', '000020000.lwq', '1p.dat']));
    expect(Object.keys(a.otherFiles)).not.toContain('output.std');
    const dir = tmp();
    try {
      await writeTxtInOut(a, dir, { eol: '\n' });
      expect(readFileSync(join(dir, 'file.cio'), 'latin1')).not.toContain('\r');
      expectSameProject(a, await readTxtInOut(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps unparsed weather and databases as raw files, so a rewrite still has them', async () => {
    const p = await readTxtInOut(LREW(), { weather: false, databases: false });
    expect(p.weather).toBeUndefined();
    expect(Object.keys(p.otherFiles)).toEqual(expect.arrayContaining(['pcp1.pcp', 'Tmp1.Tmp', 'slr.slr', 'plant.dat', 'till.dat']));
    const dir = tmp();
    try {
      await writeTxtInOut(p, dir);
      expect(readFileSync(join(dir, 'Tmp1.Tmp'))).toEqual(readFileSync(join(LREW(), 'Tmp1.Tmp')));
      const q = await readTxtInOut(dir);
      const full = await readTxtInOut(LREW());
      expect(q.weather).toEqual(full.weather);
      expect(q.databases).toEqual(full.databases);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('skips weather and databases on request', async () => {
    const p = await readTxtInOut(LREW(), { weather: false, databases: false, otherFiles: false });
    expect(p.weather).toBeUndefined();
    expect(p.databases).toBeUndefined();
    expect(p.otherFiles).toEqual({});
    expect(p.subbasins).toHaveLength(3);
  });

  it('reads LREW quickly', async () => {
    await readTxtInOut(LREW());
    const t = performance.now();
    await readTxtInOut(LREW());
    // budget is "well under 1 s"; generous margin for loaded CI machines
    expect(performance.now() - t).toBeLessThan(1500);
  });

  it('fails clearly on a missing folder or a folder without file.cio', async () => {
    await expect(readTxtInOut('/nonexistent/headwater')).rejects.toThrow(/not a folder/);
    const dir = tmp();
    try {
      await expect(readTxtInOut(dir)).rejects.toThrow(/file\.cio/);
      // a file.cio whose fig.fig is missing: read, with a warning
      mkdirSync(join(dir, 'x'));
      writeFileSync(join(dir, 'FILE.CIO'), readFileSync(join(LREW(), 'file.cio')));
      const p = await readTxtInOut(dir, { weather: false });
      expect(p.cio.NBYR).toBe(13);
      expect(p.warnings).toContain('missing fig file fig.fig');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
