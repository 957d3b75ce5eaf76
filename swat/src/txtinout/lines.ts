// Shared helpers for reading and writing SWAT text files: line splitting, Fortran-style number
// parsing (fixed columns or list-directed tokens) and number formatting that never loses a value.

/** Decode bytes as Latin-1 (for uploaded files in a browser too): ArcSWAT writes µ, ° as single
 * bytes; one char per byte makes decode/encode lossless. (TextDecoder('latin1') is windows-1252.) */
export function decodeLatin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  }
  return s;
}

/** Encode text as Latin-1 bytes (chars above U+00FF become '?', as they cannot be represented). */
export function encodeLatin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 256 ? c : 63;
  }
  return out;
}

/** Split on LF, dropping CRs and trailing blank lines. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
  }
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/** Parse a Fortran number: blanks → 0, D exponents, a trailing '.'; NaN when not a number. */
export function parseNum(s: string): number {
  const t = s.trim();
  if (t === '') return 0;
  const n = Number(t);
  // -0.000 reads as 0: a signed zero would not survive a rewrite
  if (!Number.isNaN(n)) return n === 0 ? 0 : n;
  // Fortran accepts 1.0D+02 and 1.0+02 (exponent letter omitted)
  const d = t.replace(/[dD]/, 'E');
  const m = Number(d);
  if (!Number.isNaN(m)) return m === 0 ? 0 : m;
  const k = d.search(/\d[+-]\d/);
  if (k > 0) return Number(d.slice(0, k + 1) + 'E' + d.slice(k + 1)) || 0;
  return Number.NaN;
}

/** Number in a fixed-column field [start, end) of a line (blank or missing → 0). */
export function field(line: string, start: number, end: number): number {
  if (start >= line.length) return 0;
  const v = parseNum(line.slice(start, end));
  return Number.isNaN(v) ? 0 : v;
}

/** Whitespace-separated tokens. */
export function tokens(s: string): string[] {
  const t = s.trim();
  return t === '' ? [] : t.split(/\s+/);
}

/** First list-directed item of a `value | NAME : description` line (text before `|`). */
export function firstToken(line: string): string {
  const p = line.indexOf('|');
  const before = p >= 0 ? line.slice(0, p) : line;
  let i = 0;
  while (i < before.length && (before[i] === ' ' || before[i] === '\t')) i++;
  let j = i;
  while (j < before.length && before[j] !== ' ' && before[j] !== '\t' && before[j] !== ',') j++;
  return before.slice(i, j);
}

/** Numbers of a line of whitespace-separated values (non-numbers → 0). */
export function numbers(s: string): number[] {
  const out: number[] = [];
  for (const t of tokens(s)) {
    const v = parseNum(t);
    out.push(Number.isNaN(v) ? 0 : v);
  }
  return out;
}

/** Format a real with `decimals` places, adding places (or falling back to the shortest exact
 * form) when that would change the value: a rewrite must read back identical. */
export function fmtReal(v: number, decimals: number): string {
  if (!Number.isFinite(v)) return String(v);
  let s = v.toFixed(decimals);
  if (Number(s) === v) return s;
  for (let d = decimals + 1; d <= 12; d++) {
    s = v.toFixed(d);
    if (Number(s) === v) return s;
  }
  return String(v).toUpperCase();
}

/** Format in a fixed field of `width` (right-justified). When the value needs more room than the
 * field, it is written wider but always preceded by one space so list-directed reads still split. */
export function fixedReal(v: number, width: number, decimals: number): string {
  const s = fmtReal(v, decimals);
  return s.length < width ? s.padStart(width) : ' ' + s;
}

export function fixedInt(v: number, width: number): string {
  const s = Number.isInteger(v) ? String(v) : fmtReal(v, 0);
  return s.length < width ? s.padStart(width) : ' ' + s;
}

/** Fortran E format (e.g. 0.00E+00 for width 8, decimals 2) with exactness fallback. */
export function fmtExp(v: number, decimals: number): string {
  for (let d = decimals; d <= 15; d++) {
    const m = v.toExponential(d).toUpperCase();
    const [mant, exp] = m.split('E') as [string, string];
    const e = Number(exp);
    const s = `${mant}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
    if (Number(s) === v) return s;
  }
  return String(v);
}

/** Join lines with the chosen end-of-line, ending with one. */
export function joinLines(lines: string[], eol: string): string {
  return lines.join(eol) + eol;
}

/** A Fortran F-edit field [start, end) with `decimals` implied: digits without a decimal point
 * are scaled by 10^-decimals, as SWAT's formatted reads do ("   51" in f7.2 is 0.51). */
export function fortranReal(line: string, start: number, end: number, decimals: number): number {
  if (start >= line.length) return 0;
  const t = line.slice(start, end).trim();
  if (t === '') return 0;
  const v = parseNum(t);
  if (Number.isNaN(v)) return 0;
  if (decimals > 0 && t.indexOf('.') < 0 && t.search(/[eEdD]/) < 0) return v / 10 ** decimals;
  return v;
}

/** Format into exactly `width` characters for fixed Fortran fields: extra decimals only while
 * they fit; values that cannot fit are rounded (SWAT could not read more anyway). */
export function fitReal(v: number, width: number, decimals: number): string {
  let s = v.toFixed(decimals);
  for (let d = decimals + 1; d <= 10 && Number(s) !== v; d++) {
    const t = v.toFixed(d);
    if (t.length > width) break;
    s = t;
  }
  if (s.length > width) s = v.toFixed(Math.max(0, decimals - (s.length - width)));
  return s.padStart(width);
}

