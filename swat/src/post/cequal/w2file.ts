// CE-QUAL-W2 time-series input files (branch/tributary inflow QIN, TIN, CIN, ...).
//
// Both formats start with 3 header lines that W2 skips (CE-QUAL-W2 v4 user manual,
// "Input files"; time-varying-data.f90 reads '(A1)' then '(//...)'):
//   - fixed width: line 1 title, line 2 free (usually blank), line 3 column names;
//     data lines are JDAY then the values, each in an 8-character field (F8.0: W2 reads
//     '(1000F8.0)', so a field may touch its neighbour, e.g. '     0.0.20E+03', and a
//     blank field reads as 0);
//   - free format: the first character of line 1 is '$'; data lines are read
//     list-directed (values separated by commas, blanks or tabs).
// Only the order of the values matters to W2 (for CIN: the active constituents in the
// order of the control file); the names of line 3 are for people.

export type W2Format = 'fixed' | 'csv';

export interface W2File {
  format: W2Format;
  /** Line 1 (without the leading '$' of free-format files). */
  title: string;
  /** Line 2. */
  comment: string;
  /** Column names from line 3, JDAY first. */
  columns: string[];
  /** Data rows: [JDAY, value1, value2, ...]. */
  rows: number[][];
}

export const W2_FIELD_WIDTH = 8;

function parseFortranReal(text: string, line: number): number {
  const t = text.trim();
  if (t === '') return 0; // Fortran F8.0 reads a blank field as zero
  const norm = t.replace(/[dD]/, 'E');
  const v = Number(/^[+-]?\./.test(norm) ? norm.replace('.', '0.') : norm);
  if (!Number.isFinite(v)) throw new RangeError(`line ${line}: '${text}' is not a number`);
  return v;
}

function splitFixed(line: string, width = W2_FIELD_WIDTH): string[] {
  const out: string[] = [];
  for (let i = 0; i < line.length; i += width) out.push(line.slice(i, i + width));
  return out;
}

/** Parse a W2 time-series input file (fixed width or '$' free format). */
export function parseW2File(text: string): W2File {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length < 3) throw new RangeError('a CE-QUAL-W2 input file has at least 3 header lines');
  const first = lines[0]!;
  const format: W2Format = first.startsWith('$') ? 'csv' : 'fixed';
  const rows: number[][] = [];
  let columns: string[];
  if (format === 'csv') {
    const names = lines[2]!.split(',').map((s) => s.trim());
    while (names.length > 0 && names[names.length - 1] === '') names.pop();
    columns = names;
    for (let i = 3; i < lines.length; i++) {
      const l = lines[i]!.trim();
      if (l === '') continue;
      const parts = l.split(/\s*[,\t ]\s*|\s+/);
      while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
      rows.push(parts.map((p) => parseFortranReal(p, i + 1)));
    }
  } else {
    columns = splitFixed(lines[2]!).map((s) => s.trim()).filter((s) => s !== '');
    const n = Math.max(columns.length, 1);
    for (let i = 3; i < lines.length; i++) {
      const l = lines[i]!.replace(/\s+$/, '');
      if (l.trim() === '') continue;
      const fields = splitFixed(l);
      const count = Math.max(n, fields.length);
      const row: number[] = [];
      for (let k = 0; k < count; k++) row.push(parseFortranReal(fields[k] ?? '', i + 1));
      rows.push(row);
    }
  }
  return {
    format,
    title: format === 'csv' ? first.slice(1) : first,
    comment: lines[1] ?? '',
    columns,
    rows,
  };
}

/**
 * Format a number in a W2 fixed-width field: the shortest exact decimal form when it
 * fits (so reading and writing gives the same numbers); otherwise the most precise fixed
 * or exponent form of 7 characters (keeping a separating blank) when that is good to
 * 1e-3 relative, else the most precise form using all 8 characters (W2 reads F8.0
 * fields by position, so touching fields are valid). At least 3 significant digits.
 */
export function formatW2Field(value: number, width = W2_FIELD_WIDTH): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot write ${value} to a CE-QUAL-W2 file`);
  const v = Object.is(value, -0) ? 0 : value;
  const exact = shortest(v);
  if (exact.length < width) return exact.padStart(width);
  if (exact.length === width) return exact;
  const within = (room: number): { s: string; err: number } | null => {
    let best: { s: string; err: number } | null = null;
    const consider = (s: string) => {
      if (s.length > room) return false;
      const err = Math.abs(Number(s) - v);
      if (!best || err < best.err) best = { s, err };
      return true;
    };
    for (let d = Math.min(room, 12); d >= 0; d--) if (consider(trimFixed(v.toFixed(d)))) break;
    for (let d = room; d >= 0; d--) if (consider(fortranExp(v, d))) break;
    return best;
  };
  const seven = within(width - 1);
  if (seven && seven.err <= 1e-3 * Math.abs(v)) return seven.s.padStart(width);
  const eight = within(width);
  const pick = eight && (!seven || eight.err < seven.err) ? eight : seven;
  if (!pick) throw new RangeError(`cannot fit ${value} in ${width} characters`);
  return pick.s.padStart(width);
}

function fortranExp(v: number, digits: number): string {
  const s = v.toExponential(digits).replace('e', 'E');
  // two-digit exponents (1.5E-05) as Fortran writes them; also drop the '+' of mantissa
  return s.replace(/E([+-])(\d)$/, 'E$10$2');
}

function trimFixed(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '.0') : s;
}

/** JS shortest round-trip representation, exponents in Fortran style (1.5E-05). */
function shortest(v: number): string {
  const s = String(v);
  if (!s.includes('e')) return s.includes('.') ? s : `${s}.0`.length <= W2_FIELD_WIDTH - 1 ? `${s}.0` : s;
  return s.replace('e', 'E').replace(/E\+?(-?)(\d)$/, (_m, sign: string, d: string) => `E${sign || '+'}0${d}`).replace(/E\+?(-?)(\d\d+)$/, (_m, sign: string, d: string) => `E${sign || '+'}${d}`);
}

/** Write a W2 file in its own format (fixed width or '$' free format). */
export function formatW2File(file: W2File, eol = '\n'): string {
  const out: string[] = [];
  if (file.format === 'csv') {
    out.push(`$${file.title}`, file.comment, file.columns.join(','));
    for (const r of file.rows) out.push(r.map((v) => shortest(v)).join(','));
  } else {
    out.push(file.title, file.comment, file.columns.map((c) => (c.length >= W2_FIELD_WIDTH ? ` ${c}` : c.padStart(W2_FIELD_WIDTH))).join(''));
    for (const r of file.rows) out.push(r.map((v) => formatW2Field(v)).join(''));
  }
  return out.join(eol) + eol;
}
