// fig.fig, .sol, .chm, .wgn, .wus, .swq: fixed-format files read by position.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures.ts';
import { formatFig, parseFig } from './fig.ts';
import { formatSol, parseSol } from './sol.ts';
import { formatChm, parseChm } from './chm.ts';
import { formatWgn, parseWgn } from './wgn.ts';
import { formatWus, parseWus } from './wus.ts';
import { formatSwq, parseSwq } from './swq.ts';

const lrew = (f: string) => readFileSync(fixturePath('lrew_swat2012', 'TxtInOut', f), 'latin1');
const hawqs = (f: string) => readFileSync(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', f), 'latin1');

describe('fig.fig', () => {
  it('reads the LREW routing: subbasins 1 and 2 drain to 3', () => {
    const fig = parseFig(lrew('fig.fig'));
    expect(fig.commands.map((c) => c.command)).toEqual(['subbasin', 'subbasin', 'subbasin', 'route', 'route', 'add', 'add', 'route', 'saveconc', 'finish']);
    expect(fig.commands[0]).toEqual({ command: 'subbasin', icode: 1, ihout: 1, inum1: 1, inum2: 0, inum3: 0, rnum1: 0, inum4: 0, files: ['000010000.sub'], comment: 'Subbasin: 1' });
    expect(fig.commands[3]).toMatchObject({ icode: 2, ihout: 4, inum1: 1, inum2: 1, files: ['000010000.rte', '000010000.swq'] });
    expect(fig.commands[6]).toMatchObject({ command: 'add', icode: 5, ihout: 7, inum1: 6, inum2: 5, files: [] });
    expect(fig.commands[7]).toMatchObject({ icode: 2, ihout: 8, inum1: 3, inum2: 7 });
    expect(fig.commands[8]).toMatchObject({ icode: 14, ihout: 8, inum1: 1, files: ['watout.dat'] });
    expect(parseFig(formatFig(fig))).toEqual(fig);
    expect(formatFig(fig).split('\r\n')[0]).toBe('subbasin       1     1     1                              Subbasin: 1');
  });

  it('reads reservoirs and point sources (reccnst with a file-line prefix)', () => {
    const fig = parseFig(hawqs('fig.fig'));
    const rec = fig.commands.find((c) => c.icode === 11)!;
    expect(rec).toMatchObject({ command: 'reccnst', ihout: 9, inum1: 1, files: ['2p.dat'], filePrefix: 'Pnt.Source' });
    const res = fig.commands.find((c) => c.icode === 3)!;
    expect(res).toMatchObject({ command: 'routres', ihout: 12, inum1: 1, inum2: 11, files: ['000020000.res', '000020000.lwq'] });
    expect(fig.commands.filter((c) => c.icode === 1)).toHaveLength(8);
    expect(parseFig(formatFig(fig))).toEqual(fig);
  });
});

describe('.sol', () => {
  it('reads the header and all layers', () => {
    const s = parseSol(lrew('000010001.sol'));
    expect(s).toMatchObject({ SNAM: 'LREW03', HYDGRP: 'B', SOL_ZMX: 1520, ANION_EXCL: 0.5, SOL_CRK: 0.5, TEXTURE: 'LS-SCL-SCL', rows: 14 });
    expect(s.layers).toHaveLength(3);
    expect(s.layers[1]).toEqual({ SOL_Z: 1070, SOL_BD: 1.5, SOL_AWC: 0.14, SOL_K: 32.4, SOL_CBN: 0.15, CLAY: 26.5, SILT: 17.7, SAND: 55.8, ROCK: 5, SOL_ALB: 0.3, USLE_K: 0.28, SOL_EC: 0, SOL_PH: 5.3, SOL_CAL: 0 });
    expect(parseSol(formatSol(s))).toEqual(s);
    const h = parseSol(hawqs('000010001.sol'));
    expect(h.rows).toBe(12);
    expect(h.layers).toHaveLength(4);
    expect(h.layers[3]!.SOL_Z).toBe(2000);
    expect(h.TEXTURE).toBe('L- FSL- CL- L');
    expect(parseSol(formatSol(h))).toEqual(h);
    expect(formatSol(h)).not.toContain('Soil pH');
  });
});

describe('.chm', () => {
  it('reads nutrient rows and pesticide rows, with or without the P percolation row', () => {
    const c = parseChm(lrew('000010001.chm'));
    expect(c.SOL_SOLP).toEqual(new Array(10).fill(5));
    expect(c.PPERCO_SUB).toEqual(new Array(10).fill(10));
    expect(c.pesticides).toHaveLength(10);
    expect(c.pesticides[0]).toEqual({ PSTNUM: 0, PLTPST: 0, SOLPST: 0, PSTENR: 0 });
    expect(parseChm(formatChm(c))).toEqual(c);
    const h = parseChm(hawqs('000010001.chm'));
    expect(h.PPERCO_SUB).toBeUndefined();
    expect(h.pesticides.length).toBeGreaterThan(0);
    expect(parseChm(formatChm(h))).toEqual(h);
    const withPest = parseChm(formatChm({ ...c, pesticides: [{ PSTNUM: 12, PLTPST: 1.25, SOLPST: 0.5, PSTENR: 2 }] }));
    expect(withPest.pesticides).toEqual([{ PSTNUM: 12, PLTPST: 1.25, SOLPST: 0.5, PSTENR: 2 }]);
  });
});

describe('.wgn', () => {
  it('reads the statistics, cutting touching negative values by position', () => {
    const w = parseWgn(lrew('000010000.wgn'));
    expect([w.WLATITUDE, w.WLONGITUDE, w.WELEV, w.RAIN_YRS]).toEqual([31.47, -83.53, 112.8, 10]);
    expect(w.TMPMX[0]).toBe(16.12);
    expect(w.PCPMM[6]).toBe(143.7);
    expect(w.WNDAV[11]).toBe(2.74);
    expect(parseWgn(formatWgn(w))).toEqual(w);
    const h = parseWgn(hawqs('000010000.wgn'));
    expect(h.TMPMN.slice(0, 3)).toEqual([-21.96, -19.03, -11.35]);
    expect(h.DEWPT[0]).toBe(-17.03);
    // "RAIN_YRS =     51" in an f7.2 field: SWAT reads 0.51
    expect(h.RAIN_YRS).toBe(0.51);
    expect(parseWgn(formatWgn(h))).toEqual(h);
  });
});

describe('.wus and .swq', () => {
  it('reads monthly water use and stream water quality', () => {
    const h = parseWus(hawqs('000010000.wus'));
    expect(h.WURCH.slice(0, 3)).toEqual([14.8, 16.3, 14.8]);
    expect(h.WUSHAL[0]).toBe(2.3);
    expect(h.WUDEEP).toEqual(new Array(12).fill(0));
    expect(h.WUPND).toEqual(new Array(12).fill(0));
    expect(parseWus(formatWus(h))).toEqual(h);
    const q = parseSwq(lrew('000010000.swq'));
    expect(q.RS1).toBe(1);
    expect(q.BC4).toBe(0.35);
    expect(q.CHPST_REA).toBe(0.007);
    expect(q.SEDPST_ACT).toBe(0.03);
    expect(parseSwq(formatSwq(q))).toEqual(q);
  });
});
