import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures.ts';
import { formatMgt, formatOperation, operationsByYear, OPERATION_FIELDS, parseMgt, parseOperation } from './mgt.ts';
import type { MgtOperation, MgtOperationCode } from './types.ts';

const lrew = (f: string) => readFileSync(fixturePath('lrew_swat2012', 'TxtInOut', f), 'latin1');

describe('.mgt', () => {
  it('reads the general part and the whole schedule of an ArcSWAT file', () => {
    const m = parseMgt(lrew('000010001.mgt'));
    expect(m.NMGT).toBe(0);
    expect(m.CN2).toBe(77);
    expect(m.BIOMIX).toBe(0.2);
    expect(m.USLE_P).toBe(1);
    expect(m.NROT).toBe(4);
    expect(m.operations).toHaveLength(32);
    expect(m.operations[3]).toEqual({
      op: 1,
      month: 5,
      day: 2,
      husc: 0,
      PLANT_ID: 61,
      CURYR_MAT: 0,
      HEAT_UNITS: 699,
      LAI_INIT: 0,
      BIO_INIT: 0,
      HI_TARG: 0,
      BIO_TARG: 0,
      CNOP: 0,
    });
    expect(m.operations[10]).toMatchObject({ op: 3, month: 4, day: 3, FERT_ID: 2, FRT_KG: 18.8, FRT_SURFACE: 0.05 });
    expect(m.operations[0]).toMatchObject({ op: 6, TILL_ID: 58 });
    const years = operationsByYear(m);
    expect(years).toHaveLength(4);
    expect(years[0]!.map((o) => o.op)).toEqual([6, 6, 6, 1, 5]);
    expect(years[1]!.map((o) => o.op)).toEqual([6, 6, 6, 1, 3, 3, 5]);
    expect(parseMgt(formatMgt(m))).toEqual(m);
  });

  it('reads the fixed columns of every operation type and writes them back', () => {
    const ops: MgtOperation[] = [
      { op: 1, month: 4, day: 15, husc: 0, PLANT_ID: 19, CURYR_MAT: 2, HEAT_UNITS: 1394, LAI_INIT: 0.5, BIO_INIT: 100, HI_TARG: 0.45, BIO_TARG: 12, CNOP: 77.5 },
      { op: 2, month: 6, day: 1, husc: 0, IRR_SC: 3, IRR_NO: 12, IRR_AMT: 25.4, IRR_SALT: 0.5, IRR_EFM: 0.9, IRR_SQ: 0.1 },
      { op: 3, month: 0, day: 0, husc: 0.15, FERT_ID: 4, FRT_KG: 150.5, FRT_SURFACE: 0.2 },
      { op: 4, month: 5, day: 3, husc: 0, PEST_ID: 33, PST_KG: 1.25, PST_DEP: 10 },
      { op: 5, month: 10, day: 1, husc: 0, CNOP: 70, HI_OVR: 0.4, FRAC_HARVK: 0.25 },
      { op: 6, month: 4, day: 1, husc: 0, TILL_ID: 58, CNOP: 0 },
      { op: 7, month: 9, day: 20, husc: 0, IHV_GBM: 1, HARVEFF: 0.95, HI_BMS: 0.5, HI_RSD: 0.25 },
      { op: 8, month: 11, day: 1, husc: 0 },
      { op: 9, month: 5, day: 1, husc: 0, GRZ_DAYS: 30, MANURE_ID: 40, BIO_EAT: 25, BIO_TRMP: 5, MANURE_KG: 12.5 },
      { op: 10, month: 4, day: 1, husc: 0, WSTRS_ID: 1, IRR_SCA: 3, IRR_NOA: 7, AUTO_WSTRS: 0.9, IRR_EFF: 0.8, IRR_MX: 25, IRR_ASQ: 0.1 },
      { op: 11, month: 4, day: 1, husc: 0, AFERT_ID: 1, NSTRESS: 0, AUTO_NSTRS: 0.9, AUTO_NAPP: 200, AUTO_NYR: 300, AUTO_EFF: 1.3, AFRT_SURFACE: 0.2 },
      { op: 12, month: 7, day: 1, husc: 0, SWEEPEFF: 0.7, FR_CURB: 0.9 },
      { op: 13, month: 6, day: 1, husc: 0, IMP_TRIG: 1 },
      { op: 14, month: 5, day: 1, husc: 0, FERT_DAYS: 60, CFRT_ID: 44, IFRT_FREQ: 7, CFRT_KG: 50 },
      { op: 15, month: 5, day: 1, husc: 0, CPST_ID: 12, PEST_DAYS: 30, IPST_FREQ: 5, CPST_KG: 0.5 },
      { op: 16, month: 3, day: 1, husc: 0, BURN_FRLB: 0.75 },
      { op: 17, month: 0, day: 0, husc: 0 },
      { op: 0, month: 0, day: 0, husc: 0 },
    ];
    const codes = new Set(ops.map((o) => o.op));
    for (let c = 0; c <= 17; c++) expect(codes.has(c as MgtOperationCode)).toBe(true);
    for (const o of ops) {
      const line = formatOperation(o);
      expect(parseOperation(line), line).toEqual(o);
      for (const [name] of OPERATION_FIELDS[o.op]) expect(name in parseOperation(line)).toBe(true);
    }
    expect(formatOperation(ops[5]!)).toBe('  4  1           6   58             0.00000');
    expect(formatOperation(ops[16]!)).toBe('                17');
  });

  it('reads the SWAT2012 column layout, including mgt10i and heat-unit scheduling', () => {
    // month/day blank (heat-unit scheduling), mgt1i blank, mgt10i (i12) after column 80
    const line = ['   ', '  ', '   0.150', ' 2', '    ', '  3', '  ', '    25.00000', '  0.00', '    0.90000', '0.10', '  0.00', ' 0.00'].join(' ') + '          12';
    expect(parseOperation(line)).toEqual({ op: 2, month: 0, day: 0, husc: 0.15, IRR_SC: 3, IRR_NO: 12, IRR_AMT: 25, IRR_SALT: 0, IRR_EFM: 0.9, IRR_SQ: 0.1 });
  });

  it('accepts free-format rows in the same field order', () => {
    expect(parseOperation('4 15 0 1 19 0 2 1394 0.5 100 0.45 12 77.5')).toEqual({
      op: 1,
      month: 4,
      day: 15,
      husc: 0,
      PLANT_ID: 19,
      CURYR_MAT: 2,
      HEAT_UNITS: 1394,
      LAI_INIT: 0.5,
      BIO_INIT: 100,
      HI_TARG: 0.45,
      BIO_TARG: 12,
      CNOP: 77.5,
    });
    expect(parseOperation('17')).toEqual({ op: 17, month: 0, day: 0, husc: 0 });
    expect(parseOperation('\t3\t1\t0\t6\t58')).toMatchObject({ op: 6, month: 3, day: 1, TILL_ID: 58 });
  });

  it('keeps values in columns an operation does not define', () => {
    const o = parseOperation('  5  2           8   61           699.00000');
    expect(o).toEqual({ op: 8, month: 5, day: 2, husc: 0, unused: { mgt1i: 61, mgt4: 699 } });
    expect(parseOperation(formatOperation(o))).toEqual(o);
  });
});
