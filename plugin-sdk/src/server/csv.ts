// CSV files of editors (an operations schedule, a land use update, ...): read with every problem
// named by its file, line and column ('2005-06-01.csv: line 4, column FRACTION: Must be a number'),
// written back the same way. RFC 4180: commas, double quotes ("" inside quotes), CRLF or LF, an
// optional UTF-8 byte-order mark; blank lines are skipped. React-free and dependency-free.
import { EDITOR_MESSAGES } from '../editor/messages.ts';
import { UPLOAD_MESSAGES } from '../editor/uploads.ts';

/** One row of a CSV file and the (1-based) line it starts on. */
export type CsvRow = { line: number; cells: string[] };

/** Splits CSV text into rows; a quote left open is a problem of its line. */
export function parseCsvRows(text: string): { rows: CsvRow[]; problems: { line: number; message: string }[] } {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  const problems: { line: number; message: string }[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endRow = () => {
    cells.push(wasQuoted ? cell : cell.trim());
    if (!(cells.length === 1 && cells[0] === '' && !wasQuoted)) rows.push({ line: start, cells });
    cells = [];
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(wasQuoted ? cell : cell.trim());
      cell = '';
      wasQuoted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) problems.push({ line: start, message: UPLOAD_MESSAGES.csvQuote });
  if (cell !== '' || cells.length > 0 || wasQuoted) endRow();
  return { rows, problems };
}

/** A column of a CSV table: its name in the header (case-insensitive; `aliases` too) and type. */
export type CsvColumn = {
  name: string;
  aliases?: string[];
  type: 'number' | 'integer' | 'string';
  /** a value is required on every row (default true) */
  required?: boolean;
  minimum?: number;
  maximum?: number;
};

/** Problems found in a CSV file, each already worded with the file, line and column. */
export type CsvProblems = string[];

export type CsvTable = {
  rows: { line: number; values: Record<string, number | string | undefined> }[];
  problems: CsvProblems;
  /** the cells already named in `problems`, as `line:column` (a caller's own checks skip them) */
  bad: Set<string>;
};

/** Reads a CSV table with a header line: every row's values by column name (numbers as numbers),
 * and every problem (missing columns, unknown columns when `strict`, wrong values) worded with
 * the file, line and column. `optional` columns may be absent from the header. */
export function readCsvTable(text: string, columns: CsvColumn[], opts: { file?: string; maxRows?: number; strict?: boolean } = {}): CsvTable {
  const file = opts.file ?? '';
  const { rows, problems: raw } = parseCsvRows(text);
  const problems: CsvProblems = raw.map((p) => UPLOAD_MESSAGES.csvLine(file, p.line, undefined, p.message));
  const bad = new Set<string>();
  if (!rows.length) return { rows: [], problems: [UPLOAD_MESSAGES.csvEmpty(file || 'The CSV file')], bad };
  const header = rows[0]!.cells.map((c) => c.trim().toUpperCase());
  const index = new Map<string, number>();
  const missing: string[] = [];
  for (const c of columns) {
    const names = [c.name, ...(c.aliases ?? [])].map((n) => n.toUpperCase());
    const at = header.findIndex((h) => names.includes(h));
    if (at >= 0) index.set(c.name, at);
    else if (c.required !== false) missing.push(c.name);
  }
  if (missing.length) problems.push(UPLOAD_MESSAGES.csvHeader(file || 'The CSV file', missing));
  if (opts.strict) {
    const known = new Set(columns.flatMap((c) => [c.name, ...(c.aliases ?? [])].map((n) => n.toUpperCase())));
    for (const h of header) if (h && !known.has(h)) problems.push(UPLOAD_MESSAGES.csvUnknownColumn(file || 'The CSV file', h));
  }
  if (missing.length) return { rows: [], problems, bad };
  const body = rows.slice(1);
  if (opts.maxRows !== undefined && body.length > opts.maxRows) return { rows: [], problems: [...problems, UPLOAD_MESSAGES.csvTooManyRows(file || 'The CSV file', opts.maxRows)], bad };
  const out: CsvTable['rows'] = [];
  for (const r of body) {
    const values: Record<string, number | string | undefined> = {};
    for (const c of columns) {
      const at = index.get(c.name);
      const cell = at === undefined ? '' : (r.cells[at] ?? '').trim();
      const say = (message: string) => {
        problems.push(UPLOAD_MESSAGES.csvLine(file, r.line, c.name, message));
        bad.add(`${r.line}:${c.name}`);
      };
      if (cell === '') {
        if (c.required !== false && at !== undefined) say(EDITOR_MESSAGES.required);
        continue;
      }
      if (c.type === 'string') {
        values[c.name] = cell;
        continue;
      }
      const v = Number(cell);
      if (!Number.isFinite(v) || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cell)) {
        say(EDITOR_MESSAGES.notANumber);
        continue;
      }
      if (c.type === 'integer' && !Number.isInteger(v)) {
        say('Must be a whole number');
        continue;
      }
      if ((c.minimum !== undefined && v < c.minimum) || (c.maximum !== undefined && v > c.maximum)) {
        say(c.minimum !== undefined && c.maximum !== undefined ? EDITOR_MESSAGES.between(c.minimum, c.maximum) : c.minimum !== undefined ? EDITOR_MESSAGES.atLeast(c.minimum) : EDITOR_MESSAGES.atMost(c.maximum!));
        continue;
      }
      values[c.name] = v;
    }
    out.push({ line: r.line, values });
  }
  return { rows: out, problems, bad };
}

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
export function csvCell(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text of a header and rows (CRLF, as spreadsheets write it). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
