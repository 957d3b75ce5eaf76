// Databases named in file.cio: plant.dat (crop.dat), fert.dat, till.dat, pest.dat, urban.dat.
// plant.dat and urban.dat's second line are list-directed (tokens); fert/till/pest records are
// formatted lines whose layout varies between interfaces (ArcSWAT vs HAWQS till.dat numbers at
// columns 24-31/40-47 vs 17/33), so they are read as name-by-column then numbers-by-token.
import type { FertRecord, PestRecord, PlantRecord, TillRecord, UrbanRecord } from './types.ts';
import { field, fitReal, fmtExp, fmtReal, joinLines, numbers, parseNum, splitLines, tokens } from './lines.ts';

// plant.dat: a header line (i4, 2x, a4, i4) then 4 lines of parameters (the 4th is absent in old
// crop.dat files).
const PLANT_LINES: readonly (readonly (readonly [keyof PlantRecord, number])[])[] = [
  [
    ['BIO_E', 2],
    ['HVSTI', 2],
    ['BLAI', 2],
    ['FRGRW1', 2],
    ['LAIMX1', 2],
    ['FRGRW2', 2],
    ['LAIMX2', 2],
    ['DLAI', 2],
    ['CHTMX', 2],
    ['RDMX', 2],
  ],
  [
    ['T_OPT', 2],
    ['T_BASE', 2],
    ['CNYLD', 4],
    ['CPYLD', 4],
    ['BN1', 4],
    ['BN2', 4],
    ['BN3', 4],
    ['BP1', 4],
    ['BP2', 4],
    ['BP3', 4],
  ],
  [
    ['WSYF', 3],
    ['USLE_C', 4],
    ['GSI', 4],
    ['VPDFR', 2],
    ['FRGMAX', 3],
    ['WAVP', 2],
    ['CO2HI', 2],
    ['BIOEHI', 2],
    ['RSDCO_PL', 4],
    ['ALAI_MIN', 3],
  ],
  [
    ['BIO_LEAF', 3],
    ['MAT_YRS', 0],
    ['BMX_TREES', 2],
    ['EXT_COEF', 3],
    ['BM_DIEOFF', 3],
  ],
];

function isPlantHeader(line: string): boolean {
  const t = tokens(line);
  return t.length >= 2 && Number.isNaN(Number(t[1]));
}

export function parsePlantDat(text: string): PlantRecord[] {
  const lines = splitLines(text);
  const out: PlantRecord[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!isPlantHeader(line)) {
      i++;
      continue;
    }
    const t = tokens(line);
    const rec = { ICNUM: Number(t[0]) || 0, CPNM: t[1]!, IDC: Number(t[2]) || 0 } as PlantRecord;
    i++;
    for (const spec of PLANT_LINES) {
      const l = lines[i];
      const have = l !== undefined && l.trim() !== '' && !isPlantHeader(l);
      const v = have ? numbers(l) : [];
      if (have) i++;
      spec.forEach(([k], j) => {
        (rec as unknown as Record<string, number>)[k] = v[j] ?? 0;
      });
    }
    out.push(rec);
  }
  return out;
}

export function formatPlantDat(recs: PlantRecord[], eol = '\r\n'): string {
  const lines: string[] = [];
  for (const r of recs) {
    lines.push(String(r.ICNUM).padStart(4) + '  ' + r.CPNM.padEnd(4) + String(r.IDC).padStart(4));
    for (const spec of PLANT_LINES) {
      let s = '';
      for (const [k, d] of spec) {
        const v = r[k] as number;
        const f = d === 0 && Number.isInteger(v) ? String(v) : fmtReal(v, d);
        s += f.length < 8 ? f.padStart(8) : ' ' + f;
      }
      lines.push(s);
    }
  }
  return joinLines(lines, eol);
}

// numbers in free text; exponents have at most 2 digits so touching E fields split
// ("1.00E+072.50E+06" = 1e7, 2.5e6)
const NUM_RE = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d{1,2})?/g;

/** fert.dat: i4, a9 name, five f8.3 (N/P fractions), then the bacteria fields whose width
 * differs between interfaces (8 or 10 characters, E format): those are read as numbers. */
export function parseFertDat(text: string): FertRecord[] {
  const out: FertRecord[] = [];
  for (const line of splitLines(text)) {
    if (line.trim() === '') continue;
    const tail = (line.slice(53).match(NUM_RE) ?? []).map((s) => parseNum(s));
    out.push({
      IFNUM: Math.trunc(field(line, 0, 4)),
      FERTNM: line.slice(4, 13).trim(),
      FMINN: field(line, 13, 21),
      FMINP: field(line, 21, 29),
      FORGN: field(line, 29, 37),
      FORGP: field(line, 37, 45),
      FNH3N: field(line, 45, 53),
      BACTPDB: tail[0] ?? 0,
      BACTLPDB: tail[1] ?? 0,
      BACTKDDB: tail[2] ?? 0,
    });
  }
  return out;
}

export function formatFertDat(recs: FertRecord[], eol = '\r\n'): string {
  const lines = recs.map(
    (r) =>
      String(r.IFNUM).padStart(4) +
      r.FERTNM.padStart(9) +
      fitReal(r.FMINN, 8, 3) +
      fitReal(r.FMINP, 8, 3) +
      fitReal(r.FORGN, 8, 3) +
      fitReal(r.FORGP, 8, 3) +
      fitReal(r.FNH3N, 8, 3) +
      // bacteria as two 10-wide E fields then f8.3 (HAWQS layout: the values never touch)
      ' ' +
      fmtExp(r.BACTPDB, 2).padStart(9) +
      fmtExp(r.BACTLPDB, 2).padStart(10) +
      fitReal(r.BACTKDDB, 8, 3),
  );
  return joinLines(lines, eol);
}

/** till.dat: i4, name at columns 8-15 (a8), then EFFMIX, DEPTIL, RANRNS. ArcSWAT writes the
 * numbers at 24-31/40-47/56-63 (rev 637's format), HAWQS at 16/32: read them as tokens. */
export function parseTillDat(text: string): TillRecord[] {
  const out: TillRecord[] = [];
  for (const line of splitLines(text)) {
    if (line.trim() === '') continue;
    const v = (line.slice(16).match(NUM_RE) ?? []).map((s) => parseNum(s));
    out.push({
      ITNUM: Math.trunc(field(line, 0, 4)) || Math.trunc(Number(tokens(line)[0]) || 0),
      TILLNM: line.slice(8, 16).trim(),
      EFFMIX: v[0] ?? 0,
      DEPTIL: v[1] ?? 0,
      RANRNS: v[2] ?? 0,
    });
  }
  return out;
}

export function formatTillDat(recs: TillRecord[], eol = '\r\n'): string {
  const lines = recs.map(
    (r) =>
      String(r.ITNUM).padStart(4) +
      '    ' +
      r.TILLNM.padEnd(8).slice(0, 8) +
      ' '.repeat(8) +
      fitReal(r.EFFMIX, 8, 3) +
      ' '.repeat(8) +
      fitReal(r.DEPTIL, 8, 3) +
      ' '.repeat(8) +
      fitReal(r.RANRNS, 8, 3),
  );
  return joinLines(lines, eol);
}

/** pest.dat: (i3, a17, f10.1, f5.2, f8.1, f8.1, f5.2, f11.3); values may be left-justified
 * within their fields (HAWQS), which Fortran reads the same. */
export function parsePestDat(text: string): PestRecord[] {
  const out: PestRecord[] = [];
  for (const line of splitLines(text)) {
    if (line.trim() === '') continue;
    out.push({
      IPNUM: Math.trunc(field(line, 0, 3)),
      PESTNM: line.slice(3, 20).trim(),
      SKOC: field(line, 20, 30),
      WOF: field(line, 30, 35),
      HLIFE_F: field(line, 35, 43),
      HLIFE_S: field(line, 43, 51),
      AP_EF: field(line, 51, 56),
      WSOL: field(line, 56, 67),
    });
  }
  return out;
}

export function formatPestDat(recs: PestRecord[], eol = '\r\n'): string {
  const lines = recs.map(
    (r) =>
      String(r.IPNUM).padStart(3) +
      r.PESTNM.padStart(17).slice(0, 17) +
      fitReal(r.SKOC, 10, 1) +
      fitReal(r.WOF, 5, 2) +
      fitReal(r.HLIFE_F, 8, 1) +
      fitReal(r.HLIFE_S, 8, 1) +
      fitReal(r.AP_EF, 5, 2) +
      fitReal(r.WSOL, 11, 3),
  );
  return joinLines(lines, eol);
}

/** urban.dat: line 1 = number, 4-letter code, description, FIMP, FCIMP; line 2 (list-directed) =
 * CURBDEN, URBCOEF, DIRTMX, THALF, TNCONC, TPCONC, TNO3CONC, URBCN2. */
export function parseUrbanDat(text: string): UrbanRecord[] {
  const lines = splitLines(text);
  const out: UrbanRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l1 = lines[i]!;
    const t = tokens(l1);
    if (t.length < 2 || Number.isNaN(Number(t[0]))) continue;
    const nums: string[] = [];
    let end = l1.trimEnd().length;
    // the last two tokens are FIMP and FCIMP; the description is free text before them
    for (let k = 0; k < 2; k++) {
      const s = l1.lastIndexOf(' ', end - 1);
      nums.unshift(l1.slice(s + 1, end));
      end = l1.slice(0, s + 1).trimEnd().length;
    }
    const codeStart = l1.indexOf(t[1]!, l1.indexOf(t[0]!) + t[0]!.length);
    const codeEnd = codeStart + t[1]!.length;
    const v = numbers(lines[i + 1] ?? '');
    i++;
    out.push({
      IUNUM: Number(t[0]) || 0,
      URBNAME: t[1]!,
      URBFLNM: l1.slice(codeEnd, end).trim(),
      FIMP: parseNum(nums[0]!) || 0,
      FCIMP: parseNum(nums[1]!) || 0,
      CURBDEN: v[0] ?? 0,
      URBCOEF: v[1] ?? 0,
      DIRTMX: v[2] ?? 0,
      THALF: v[3] ?? 0,
      TNCONC: v[4] ?? 0,
      TPCONC: v[5] ?? 0,
      TNO3CONC: v[6] ?? 0,
      URBCN2: v[7] ?? 0,
    });
  }
  return out;
}

function cell8(v: number, d: number): string {
  const f = fmtReal(v, d);
  return f.length < 8 ? f.padStart(8) : ' ' + f;
}

export function formatUrbanDat(recs: UrbanRecord[], eol = '\r\n'): string {
  const lines: string[] = [];
  for (const r of recs) {
    lines.push(
      String(r.IUNUM).padStart(3) + ' ' + r.URBNAME.padEnd(4) + r.URBFLNM.padStart(56) + cell8(r.FIMP, 3) + cell8(r.FCIMP, 3),
    );
    lines.push(
      '    ' +
        cell8(r.CURBDEN, 3) +
        cell8(r.URBCOEF, 3) +
        cell8(r.DIRTMX, 3) +
        cell8(r.THALF, 3) +
        cell8(r.TNCONC, 3) +
        cell8(r.TPCONC, 3) +
        cell8(r.TNO3CONC, 3) +
        cell8(r.URBCN2, 1),
    );
  }
  return joinLines(lines, eol);
}
