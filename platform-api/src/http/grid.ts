// Generic grids, the HTTP half (spec 1 §7, ARCHITECTURE conventions): `?sort=field|field_desc
// &page&perPage&filter` → `{ items, total }`, and the same rows as CSV with `?format=csv` (all
// filtered rows, sorted, no paging; the link carries `?access_token`). The columns, paging and
// CSV writing are db/grid.ts.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { int4 } from '@headwater/plugin-sdk/server';
import { gridAll, gridPage, toCsv, type GridParams, type GridSpec } from '../db/grid.ts';

export { gridAll, gridPage, toCsv, type GridColumn, type GridParams, type GridSpec } from '../db/grid.ts';

export function parseGridQuery(query: Record<string, unknown>, spec: GridSpec): GridParams {
  const str = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '');
  const sortable = new Set(spec.columns.filter((c) => c.sortable !== false).map((c) => c.field));
  const parseSort = (s: string) => {
    const desc = s.endsWith('_desc');
    const field = desc ? s.slice(0, -5) : s;
    return sortable.has(field) ? { sortField: field, desc } : undefined;
  };
  const sort = parseSort(str(query.sort)) ?? parseSort(spec.defaultSort) ?? { sortField: spec.columns[0]!.field, desc: false };
  // a page or size beyond int4 (2147483648, 1e20) would overflow the OFFSET: the default instead
  const int = (v: unknown, d: number) => int4(str(v), { min: 1 }) ?? d;
  const csv = str(query.format).toLowerCase() === 'csv' || str(query.export).toLowerCase() === 'csv';
  return {
    ...sort,
    page: int(query.page, 1),
    perPage: Math.min(int(query.perPage, spec.defaultPerPage ?? 20), spec.maxPerPage ?? 1000),
    filter: str(query.filter).trim(),
    csv,
  };
}

export function sendCsv(ctx: Context, fileName: string, csv: string): void {
  ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = csv;
}

/** Answers a grid request: a page as JSON, or every row as CSV with `format=csv`. */
export async function sendGrid(
  ctx: Context,
  db: Knex,
  rows: Knex.QueryBuilder,
  spec: GridSpec,
  opts: { csvName: string; map?: (row: Record<string, unknown>) => Record<string, unknown>; knownTotal?: number } = { csvName: 'export.csv' },
): Promise<void> {
  const params = parseGridQuery(ctx.query as Record<string, unknown>, spec);
  const map = opts.map ?? ((r) => r);
  if (params.csv) {
    const all = await gridAll<Record<string, unknown>>(db, rows, spec, params);
    sendCsv(ctx, opts.csvName, toCsv(all.map(map), spec.columns));
    return;
  }
  const page = await gridPage<Record<string, unknown>>(db, rows, spec, params, opts.knownTotal);
  ctx.body = { items: page.items.map(map), total: page.total };
}
