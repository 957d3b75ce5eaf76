// The dataset side of a project: the watershed above an ending subbasin (stopping at the
// starting subbasins) and the copy of its subbasins and HRUs into the project's tables. Reads
// the dataset tables of migration 003 (owned by the datasets module) directly.
import type { Knex } from 'knex';

/** A Postgres array literal (one text parameter: works the same on pg and PGlite). */
export function pgArray(values: readonly number[]): string {
  return `{${values.map((v) => String(Number(v))).join(',')}}`;
}

/** Ids of the subbasins draining to `endId` (itself included), not walking above `startIds`. */
export async function watershedSubbasinIds(db: Knex, datasetId: number, endId: number, startIds: readonly number[]): Promise<number[]> {
  const rows = (
    await db.raw(
      `with recursive up(id) as (
         select id from subbasins where id = ? and dataset_id = ?
         union all
         select s.id from subbasins s join up on s.downstream_id = up.id
          where s.dataset_id = ? and not (up.id = any(?::int[]))
       ) select id from up`,
      [endId, datasetId, datasetId, pgArray(startIds)],
    )
  ).rows as { id: number }[];
  return rows.map((r) => Number(r.id));
}

export async function watershedCounts(db: Knex, subbasinIds: readonly number[]): Promise<{ numSubbasins: number; numHrus: number }> {
  const row = (await db.raw(`select count(*)::int as n from hrus where subbasin_id = any(?::int[])`, [pgArray(subbasinIds)])).rows[0] as { n: number };
  return { numSubbasins: subbasinIds.length, numHrus: Number(row.n) };
}

/** Copies the watershed's subbasins into project_subbasins, numbered 1..n in dataset order. */
export async function copySubbasins(db: Knex, projectId: number, endId: number, subbasinIds: readonly number[], startIds: readonly number[]): Promise<void> {
  await db.raw(
    `insert into project_subbasins (project_id, subbasin_id, number, dataset_number, name, downstream_subbasin_id, downstream_name,
                                    area, land_area, cumulative_area, elevation, num_hrus, is_downstream, is_starting)
     select ?, s.id, row_number() over (order by s.number, s.id), s.number, s.name,
            case when s.id = ? then null else s.downstream_id end, case when s.id = ? then null else d.name end,
            s.area, s.land_area, s.cumulative_area, s.elevation,
            (select count(*) from hrus h where h.subbasin_id = s.id), s.id = ?, s.id = any(?::int[])
       from subbasins s left join subbasins d on d.id = s.downstream_id
      where s.id = any(?::int[])`,
    [projectId, endId, endId, endId, pgArray(startIds), pgArray(subbasinIds)],
  );
}

/** Copies the HRUs of project subbasins numbered [from, to] (sort order continues at `offset`). */
export async function copyHrus(db: Knex, projectId: number, from: number, to: number, offset: number): Promise<void> {
  await db.raw(
    `insert into project_hrus (project_id, hru_id, subbasin_id, subbasin, subbasin_name, number, landuse, soil, slope_class, slope, slope_length,
                               original_area, original_fraction, area, fraction, cn2, ov_n, sort_order, removed)
     select ps.project_id, h.id, h.subbasin_id, ps.number, ps.name, h.number, h.landuse, h.soil, h.slope_class, h.slope, h.slope_length,
            h.area, h.fraction, h.area, h.fraction, h.cn2, h.ov_n, ? + row_number() over (order by ps.number, h.number, h.id), false
       from project_subbasins ps join hrus h on h.subbasin_id = ps.subbasin_id
      where ps.project_id = ? and ps.number between ? and ?`,
    [offset, projectId, from, to],
  );
}

/** Totals and bounds of a project's copied watershed. */
export async function projectTotals(db: Knex, projectId: number) {
  const s = (
    await db.raw(
      `select count(*)::int as n, coalesce(sum(ps.area), 0) as area, coalesce(sum(ps.land_area), 0) as land_area,
              min(sb.min_lon) as min_lon, min(sb.min_lat) as min_lat, max(sb.max_lon) as max_lon, max(sb.max_lat) as max_lat
         from project_subbasins ps left join subbasins sb on sb.id = ps.subbasin_id where ps.project_id = ?`,
      [projectId],
    )
  ).rows[0] as Record<string, unknown>;
  const h = (await db.raw(`select count(*)::int as n, count(*) filter (where not removed)::int as kept from project_hrus where project_id = ?`, [projectId])).rows[0] as Record<string, unknown>;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    numSubbasins: Number(s.n),
    totalArea: Number(s.area),
    totalLandArea: Number(s.land_area ?? s.landArea),
    minLon: num(s.min_lon ?? s.minLon),
    minLat: num(s.min_lat ?? s.minLat),
    maxLon: num(s.max_lon ?? s.maxLon),
    maxLat: num(s.max_lat ?? s.maxLat),
    numOriginalHrus: Number(h.n),
    numHrus: Number(h.kept),
  };
}
