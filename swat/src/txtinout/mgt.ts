// .mgt: general management parameters (keyed lines) then the operation schedule, one operation a
// line in readmgt.f's format
//   (1x,i2,1x,i2,1x,f8.3,1x,i2,1x,i4,1x,i3,1x,i2,1x,f12.5,1x,f6.2,1x,f11.5,1x,f4.2,1x,f6.2,1x,f5.2,i12)
// Rows that do not fit those columns (free-format, written by other tools) are read as tokens in
// the same order.
import type { MgtColumn, Mgt, MgtOperation, MgtOperationCode } from './types.ts';
import { MGT_SCHEMA } from './schemas.ts';
import { formatKeyedLines, parseKeyedLines } from './keyed.ts';
import { fitReal, fortranReal, joinLines, parseNum, splitLines, tokens } from './lines.ts';

/** Named fields of each operation type and the column that holds them (SWAT2012 I/O docs, ch. 20,
 * checked against sched_mgt.f). */
export const OPERATION_FIELDS: Record<MgtOperationCode, readonly (readonly [string, MgtColumn])[]> = {
  0: [],
  1: [
    ['PLANT_ID', 'mgt1i'],
    ['CURYR_MAT', 'mgt3i'],
    ['HEAT_UNITS', 'mgt4'],
    ['LAI_INIT', 'mgt5'],
    ['BIO_INIT', 'mgt6'],
    ['HI_TARG', 'mgt7'],
    ['BIO_TARG', 'mgt8'],
    ['CNOP', 'mgt9'],
  ],
  2: [
    ['IRR_SC', 'mgt2i'],
    ['IRR_NO', 'mgt10i'],
    ['IRR_AMT', 'mgt4'],
    ['IRR_SALT', 'mgt5'],
    ['IRR_EFM', 'mgt6'],
    ['IRR_SQ', 'mgt7'],
  ],
  3: [
    ['FERT_ID', 'mgt1i'],
    ['FRT_KG', 'mgt4'],
    ['FRT_SURFACE', 'mgt5'],
  ],
  4: [
    ['PEST_ID', 'mgt1i'],
    ['PST_KG', 'mgt4'],
    ['PST_DEP', 'mgt5'],
  ],
  5: [
    ['CNOP', 'mgt4'],
    ['HI_OVR', 'mgt5'],
    ['FRAC_HARVK', 'mgt6'],
  ],
  6: [
    ['TILL_ID', 'mgt1i'],
    ['CNOP', 'mgt4'],
  ],
  7: [
    ['IHV_GBM', 'mgt2i'],
    ['HARVEFF', 'mgt4'],
    ['HI_BMS', 'mgt5'],
    ['HI_RSD', 'mgt6'],
  ],
  8: [],
  9: [
    ['GRZ_DAYS', 'mgt1i'],
    ['MANURE_ID', 'mgt2i'],
    ['BIO_EAT', 'mgt4'],
    ['BIO_TRMP', 'mgt5'],
    ['MANURE_KG', 'mgt6'],
  ],
  10: [
    ['WSTRS_ID', 'mgt1i'],
    ['IRR_SCA', 'mgt2i'],
    ['IRR_NOA', 'mgt10i'],
    ['AUTO_WSTRS', 'mgt4'],
    ['IRR_EFF', 'mgt5'],
    ['IRR_MX', 'mgt6'],
    ['IRR_ASQ', 'mgt7'],
  ],
  11: [
    ['AFERT_ID', 'mgt1i'],
    ['NSTRESS', 'mgt2i'],
    ['AUTO_NSTRS', 'mgt4'],
    ['AUTO_NAPP', 'mgt5'],
    ['AUTO_NYR', 'mgt6'],
    ['AUTO_EFF', 'mgt7'],
    ['AFRT_SURFACE', 'mgt8'],
  ],
  12: [
    ['SWEEPEFF', 'mgt4'],
    ['FR_CURB', 'mgt5'],
  ],
  13: [['IMP_TRIG', 'mgt1i']],
  14: [
    ['FERT_DAYS', 'mgt1i'],
    ['CFRT_ID', 'mgt2i'],
    ['IFRT_FREQ', 'mgt3i'],
    ['CFRT_KG', 'mgt4'],
  ],
  15: [
    ['CPST_ID', 'mgt1i'],
    ['PEST_DAYS', 'mgt2i'],
    ['IPST_FREQ', 'mgt3i'],
    ['CPST_KG', 'mgt4'],
  ],
  16: [['BURN_FRLB', 'mgt4']],
  17: [],
};

export const OPERATION_NAMES: Record<MgtOperationCode, string> = {
  0: 'end of year',
  1: 'plant',
  2: 'irrigation',
  3: 'fertilizer',
  4: 'pesticide',
  5: 'harvest and kill',
  6: 'tillage',
  7: 'harvest only',
  8: 'kill',
  9: 'grazing',
  10: 'auto irrigation',
  11: 'auto fertilization',
  12: 'street sweeping',
  13: 'release/impound',
  14: 'continuous fertilization',
  15: 'continuous pesticide',
  16: 'burning',
  17: 'skip year',
};

// Fixed columns [start, end, decimals (-1 = integer)] of month, day, husc, op, mgt1i..mgt9, mgt10i.
const COLS: readonly (readonly [number, number, number])[] = [
  [0, 3, -1],
  [4, 6, -1],
  [7, 15, 3],
  [16, 18, -1],
  [19, 23, -1],
  [24, 27, -1],
  [28, 30, -1],
  [31, 43, 5],
  [44, 50, 2],
  [51, 62, 5],
  [63, 67, 2],
  [68, 74, 2],
  [75, 80, 2],
  [80, 92, -1],
];
const COLUMN_NAMES: readonly MgtColumn[] = ['mgt1i', 'mgt2i', 'mgt3i', 'mgt4', 'mgt5', 'mgt6', 'mgt7', 'mgt8', 'mgt9', 'mgt10i'];
const SEPARATORS = [3, 6, 15, 18, 23, 27, 30, 43, 50, 62, 67, 74];

function fitsColumns(line: string): boolean {
  for (const p of SEPARATORS) {
    if (p >= line.length) break;
    if (line[p] !== ' ') return false;
  }
  return true;
}

/** Raw column values of an operation line: [month, day, husc, op, mgt1i..mgt9, mgt10i]. */
export function operationColumns(line: string): number[] {
  const out = new Array<number>(COLS.length).fill(0);
  const t = tokens(line);
  // a lone token is the year-end marker (op 17 / 0), wherever it sits
  if (t.length === 1) {
    out[3] = Math.trunc(numOr0(t[0]!));
    return out;
  }
  if (fitsColumns(line)) {
    COLS.forEach(([s, e, d], k) => {
      if (s < line.length) out[k] = d < 0 ? Math.trunc(numOr0(line.slice(s, e))) : fortranReal(line, s, e, d);
    });
  } else {
    t.forEach((tok, k) => {
      if (k < out.length) out[k] = numOr0(tok);
    });
  }
  return out;
}

function numOr0(s: string): number {
  const v = parseNum(s);
  return Number.isNaN(v) ? 0 : v;
}

export function parseOperation(line: string): MgtOperation {
  const c = operationColumns(line);
  const op = c[3]! as MgtOperationCode;
  const o: Record<string, unknown> = { op, month: c[0], day: c[1], husc: c[2] };
  const fields = OPERATION_FIELDS[op] ?? [];
  const used = new Set<MgtColumn>();
  for (const [name, col] of fields) {
    o[name] = c[4 + COLUMN_NAMES.indexOf(col)];
    used.add(col);
  }
  let unused: Partial<Record<MgtColumn, number>> | undefined;
  COLUMN_NAMES.forEach((col, k) => {
    const v = c[4 + k]!;
    if (!used.has(col) && v !== 0) (unused ??= {})[col] = v;
  });
  if (unused) o.unused = unused;
  return o as unknown as MgtOperation;
}

export function formatOperation(o: MgtOperation): string {
  const col: Record<string, number> = {};
  const defined = new Set<MgtColumn>();
  for (const [name, c] of OPERATION_FIELDS[o.op] ?? []) {
    col[c] = (o as unknown as Record<string, number>)[name] ?? 0;
    defined.add(c);
  }
  for (const [c, v] of Object.entries(o.unused ?? {})) col[c] = v;
  const vals: (number | null)[] = [
    o.month || null,
    o.day || null,
    o.husc || null,
    o.op,
    ...COLUMN_NAMES.map((c) => {
      const v = col[c] ?? 0;
      const isInt = c.endsWith('i');
      if (v === 0 && (isInt || !defined.has(c))) return null;
      return v;
    }),
  ];
  let s = '';
  COLS.forEach(([start, end, d], k) => {
    s = s.padEnd(start);
    const v = vals[k];
    if (v === null || v === undefined) return;
    const w = end - start;
    s += d < 0 ? String(Math.trunc(v)).padStart(w) : fitReal(v, w, d);
  });
  return s.trimEnd();
}

export function parseMgt(text: string): Mgt {
  const lines = splitLines(text);
  const r = parseKeyedLines(lines, 1, MGT_SCHEMA, true);
  const operations: MgtOperation[] = [];
  for (let i = r.next; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    operations.push(parseOperation(line));
  }
  return { ...(r.values as object), title: lines[0] ?? '', layout: r.layout, operations } as Mgt;
}

export function formatMgt(mgt: Mgt, eol = '\r\n'): string {
  const lines = [mgt.title, ...formatKeyedLines(mgt as unknown as Record<string, unknown>, MGT_SCHEMA, mgt.layout)];
  for (const o of mgt.operations) lines.push(formatOperation(o));
  return joinLines(lines, eol);
}

/** The operations grouped by year of rotation (op 17 / 0 close a year). */
export function operationsByYear(mgt: Mgt): MgtOperation[][] {
  const years: MgtOperation[][] = [[]];
  for (const o of mgt.operations) {
    if (o.op === 17 || o.op === 0) years.push([]);
    else years[years.length - 1]!.push(o);
  }
  if (years.length > 1 && years[years.length - 1]!.length === 0) years.pop();
  return years;
}
