// Generic grids, the data half (spec 1 §7): a module describes its columns once (GridSpec) and
// hands over a query of the rows; sorting and filtering apply to the query wrapped as a
// subquery, so computed and joined columns sort and filter like plain ones. The HTTP half
// (reading `?sort&page&perPage&filter&format`, answering JSON or CSV) is http/grid.ts.
import type { Knex } from 'knex';

export type GridColumn = {
  /** The field name in the JSON rows (camelCase; the SQL column is its snake_case). */
  field: string;
  /** CSV header; the field name when left out. */
  header?: string;
  /** Whether `filter` searches this column (as text, case-insensitive). Default true. */
  filter?: boolean;
  /** Whether `sort` may name this column. Default true. */
  sortable?: boolean;
  /** Left out of the CSV. */
  csv?: boolean;
};

export type GridSpec = {
  columns: GridColumn[];
  /** e.g. 'lastModifiedDate_desc' */
  defaultSort: string;
  defaultPerPage?: number;
  maxPerPage?: number;
  /** A unique column that breaks sort ties so pages never overlap. Default 'id'. */
  tieBreaker?: string;
};

export type GridParams = { sortField: string; desc: boolean; page: number; perPage: number; filter: string; csv: boolean };

/** The sort, then the tie-breaker (left out when it is the sort column itself, so an index on it serves alone). */
function order(spec: GridSpec, params: GridParams): { column: string; order: 'asc' | 'desc' }[] {
  const tie = spec.tieBreaker ?? 'id';
  const list: { column: string; order: 'asc' | 'desc' }[] = [{ column: params.sortField, order: params.desc ? 'desc' : 'asc' }];
  if (tie !== params.sortField) list.push({ column: tie, order: 'asc' });
  return list;
}

function filtered(db: Knex, rows: Knex.QueryBuilder, spec: GridSpec, params: GridParams): Knex.QueryBuilder {
  const q = db.from(rows.as('grid_rows'));
  if (params.filter) {
    const like = `%${params.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const fields = spec.columns.filter((c) => c.filter !== false).map((c) => c.field);
    q.where((w) => {
      for (const f of fields) w.orWhereRaw('cast(?? as text) ilike ?', [f, like]);
    });
  }
  return q;
}

/**
 * One page of rows and the total after filtering. `knownTotal` (the row count without a
 * filter, when the caller keeps it) saves the count query on large tables.
 */
export async function gridPage<T = Record<string, unknown>>(db: Knex, rows: Knex.QueryBuilder, spec: GridSpec, params: GridParams, knownTotal?: number): Promise<{ items: T[]; total: number }> {
  const base = filtered(db, rows, spec, params);
  const [{ n }] = !params.filter && knownTotal !== undefined ? [{ n: knownTotal }] : ((await base.clone().count({ n: '*' })) as { n: string | number }[]);
  const items = (await base
    .clone()
    .select('*')
    .orderBy(order(spec, params))
    .limit(params.perPage)
    .offset((params.page - 1) * params.perPage)) as T[];
  return { items, total: Number(n) };
}

/** Every filtered row, sorted (CSV export). */
export async function gridAll<T = Record<string, unknown>>(db: Knex, rows: Knex.QueryBuilder, spec: GridSpec, params: GridParams): Promise<T[]> {
  return (await filtered(db, rows, spec, params)
    .select('*')
    .orderBy(order(spec, params))) as T[];
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV of the rows, with the columns' headers. */
export function toCsv(rows: readonly Record<string, unknown>[], columns: readonly GridColumn[]): string {
  const cols = columns.filter((c) => c.csv !== false);
  const lines = [cols.map((c) => csvCell(c.header ?? c.field)).join(',')];
  for (const r of rows) lines.push(cols.map((c) => csvCell(r[c.field])).join(','));
  return lines.join('\r\n') + '\r\n';
}
