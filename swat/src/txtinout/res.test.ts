import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { formatLwq, formatRes, parseLwq, parseRes } from './index.ts';

const HAWQS = (f: string) => fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', f);

describe('.res / .lwq', () => {
  it('reads the HAWQS reservoir and its water quality typed, and writes them back', () => {
    const r = parseRes(readFileSync(HAWQS('000020000.res'), 'latin1'));
    expect(r).toMatchObject({ RES_SUB: 2, MORES: 1, IYRES: 1885, IRESCO: 2, NDTARGR: 10, IFLOD1R: 10, IFLOD2R: 4, EVRSV: 0.6, STARG_FPS: 1 });
    expect(r.RES_EVOL).toBeCloseTo(83876.776, 3);
    expect(r.OFLOWMX).toHaveLength(12);
    expect(r.RESMONO).toBe('');
    expect(parseRes(formatRes(r, '\n'))).toEqual(r);
    const q = parseLwq(readFileSync(HAWQS('000020000.lwq'), 'latin1'));
    expect(q).toMatchObject({ IRES1: 1, IRES2: 1, PSETLR1: 10, PSETLR2: 10, NSETLR1: 5.5, CHLAR: 1, LKPST_REA: 0.007, LKSPST_REA: 0.05, LKSPST_ACT: 0.03 });
    expect(parseLwq(formatLwq(q))).toEqual(q);
  });

  it('reads ArcSWAT-style right-justified files', () => {
    const text = ['Reservoir data: x', '               3    | RES_SUB : Number of the subbasin the reservoir is in',
      '               1    | MORES : Month', '            1990    | IYRES : Year', '           120.0    | RES_ESA : a',
      '           300.0    | RES_EVOL : v', '           100.0    | RES_PSA : a', '           200.0    | RES_PVOL : v'].join('\r\n');
    const r = parseRes(text);
    expect(r).toMatchObject({ RES_SUB: 3, IYRES: 1990, RES_EVOL: 300, RES_PVOL: 200, IRESCO: 0 });
  });
});
