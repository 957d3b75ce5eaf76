// Minimal CSV reading for the output tools' inputs (`year,peak`, `date,flow`): comma,
// semicolon or tab separated, optional double quotes, '#' comment lines, an optional
// header row (detected when its first field is not a number/date).

export interface CsvRow {
  /** 1-based line number in the file. */
  line: number;
  fields: string[];
}

function splitLine(line: string): string[] {
  const sep = line.includes(',') ? ',' : line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** Rows of a CSV text (comment and blank lines skipped). */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '' || l.trimStart().startsWith('#')) continue;
    rows.push({ line: i + 1, fields: splitLine(l) });
  }
  return rows;
}

/** Missing-value markers accepted in numeric columns. */
const MISSING = new Set(['', 'na', 'nan', 'null', '-', '-9999', '-99999']);

/** Parse a numeric field; returns NaN for a missing marker, throws on garbage. */
export function parseValue(text: string, what: string, line: number): number {
  const t = text.trim();
  if (MISSING.has(t.toLowerCase())) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw new RangeError(`line ${line}: ${what} '${text}' is not a number`);
  return Number(t);
}

/**
 * Normalise a date field to YYYY-MM-DD. Accepts YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD (each
 * optionally followed by a time), M/D/YYYY (US) and D.M.YYYY.
 */
export function parseDate(text: string, line: number): string {
  const t = text.trim();
  let y: number;
  let mo: number;
  let d: number;
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(t))) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[T ].*)?$/.exec(t))) [y, mo, d] = [Number(m[3]), Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[T ].*)?$/.exec(t))) [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  else throw new RangeError(`line ${line}: date '${text}' is not YYYY-MM-DD`);
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) throw new RangeError(`line ${line}: invalid date '${text}'`);
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function isHeader(first: string): boolean {
  return !/^[+-]?[\d.]/.test(first.trim());
}

/** Read `year,peak` rows (header optional). Rows with a missing peak are skipped. */
export function parsePeaksCsv(text: string): { year: number; flow: number }[] {
  const rows = parseCsv(text);
  if (rows.length > 0 && isHeader(rows[0]!.fields[0] ?? '')) rows.shift();
  const out: { year: number; flow: number }[] = [];
  const seen = new Set<number>();
  for (const r of rows) {
    if (r.fields.length < 2) throw new RangeError(`line ${r.line}: expected 'year,peak'`);
    const yearText = r.fields[0]!;
    const ym = /^(\d{4})(?:[-/]\d{1,2}[-/]\d{1,2})?$/.exec(yearText);
    if (!ym) throw new RangeError(`line ${r.line}: year '${yearText}' is not a year`);
    const year = Number(ym[1]);
    const flow = parseValue(r.fields[1]!, 'peak', r.line);
    if (Number.isNaN(flow)) continue;
    if (seen.has(year)) throw new RangeError(`line ${r.line}: year ${year} appears twice (one annual peak per year)`);
    seen.add(year);
    out.push({ year, flow });
  }
  if (out.length === 0) throw new RangeError('no annual peaks found (expected CSV rows year,peak)');
  return out.sort((a, b) => a.year - b.year);
}

/** Read `date,flow` rows (header optional); a missing flow becomes NaN. */
export function parseDailyCsv(text: string): { date: string; flow: number }[] {
  const rows = parseCsv(text);
  if (rows.length > 0 && isHeader(rows[0]!.fields[0] ?? '')) rows.shift();
  const out: { date: string; flow: number }[] = [];
  for (const r of rows) {
    if (r.fields.length < 2) throw new RangeError(`line ${r.line}: expected 'date,flow'`);
    out.push({ date: parseDate(r.fields[0]!, r.line), flow: parseValue(r.fields[1]!, 'flow', r.line) });
  }
  if (out.length === 0) throw new RangeError('no daily flows found (expected CSV rows date,flow)');
  return out;
}
