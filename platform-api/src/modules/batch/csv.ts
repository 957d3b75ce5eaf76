// The batch CSV (spec 3 §5 Batch create): a header row with the column Ending_Subbasin and
// optionally Starting_Subbasins (comma separated, quoted). Values are subbasin NAMES, kept as
// text: leading zeros stay ('0101' is not '101'). Problems are listed with their line numbers.
export type ProjectSubbasins = { endingSubbasin: string; startingSubbasins: string[] };
export type ParsedBatchCsv = { projectSubbasins: ProjectSubbasins[]; errors: string[] };

export const CSV_MESSAGES = {
  empty: 'The CSV file is empty.',
  noEnding: "The CSV file needs a column named 'Ending_Subbasin' in its first line.",
  noRows: 'The CSV file has no subbasins.',
  unclosed: (line: number) => `Line ${line}: a quoted value is not closed.`,
  blankEnding: (line: number) => `Line ${line}: Ending_Subbasin is empty.`,
  duplicate: (line: number, name: string, first: number) => `Line ${line}: the project for ending subbasin '${name}' is also on line ${first}.`,
  columns: (line: number, n: number, header: number) => `Line ${line}: ${n} values where the header has ${header} columns.`,
} as const;

/** CSV records (RFC 4180: quotes, doubled quotes, newlines inside quotes), each with the line it starts on. */
export function csvRecords(text: string): { line: number; values: string[] }[] | { unclosedAt: number } {
  const out: { line: number; values: string[] }[] = [];
  let values: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      quoted = true;
      any = true;
    } else if (c === ',') {
      values.push(field);
      field = '';
      any = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      values.push(field);
      if (any || field.trim() !== '') out.push({ line: start, values });
      values = [];
      field = '';
      any = false;
      line++;
      start = line;
    } else {
      field += c;
      if (c.trim()) any = true;
    }
  }
  if (quoted) return { unclosedAt: start };
  values.push(field);
  if (any || field.trim() !== '') out.push({ line: start, values });
  return out;
}

export function parseBatchCsv(text: string): ParsedBatchCsv {
  if (!text.trim()) return { projectSubbasins: [], errors: [CSV_MESSAGES.empty] };
  const records = csvRecords(text);
  if ('unclosedAt' in records) return { projectSubbasins: [], errors: [CSV_MESSAGES.unclosed(records.unclosedAt)] };
  const [header, ...rows] = records;
  const names = header!.values.map((h) => h.trim().toLowerCase());
  const endCol = names.indexOf('ending_subbasin');
  const startCol = names.indexOf('starting_subbasins');
  if (endCol < 0) return { projectSubbasins: [], errors: [CSV_MESSAGES.noEnding] };
  const errors: string[] = [];
  const projectSubbasins: ProjectSubbasins[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (r.values.every((v) => !v.trim())) continue;
    if (r.values.length > names.length) {
      errors.push(CSV_MESSAGES.columns(r.line, r.values.length, names.length));
      continue;
    }
    const end = (r.values[endCol] ?? '').trim();
    if (!end) {
      errors.push(CSV_MESSAGES.blankEnding(r.line));
      continue;
    }
    const starts = startCol < 0 ? [] : [...new Set((r.values[startCol] ?? '').split(',').map((v) => v.trim()).filter(Boolean))];
    const key = `${end}|${starts.join(',')}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(CSV_MESSAGES.duplicate(r.line, end, first));
      continue;
    }
    seen.set(key, r.line);
    projectSubbasins.push({ endingSubbasin: end, startingSubbasins: starts });
  }
  if (!errors.length && !projectSubbasins.length) errors.push(CSV_MESSAGES.noRows);
  return { projectSubbasins, errors };
}
