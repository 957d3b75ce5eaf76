// Reading a scenario's stored outputs (scenarios/run/outputs.ts wrote them): the axes of each
// (file, period) set, one unit's row of a variable's Float32 matrix (a `substring` of the bytea,
// so a chart reads kilobytes, not the matrix), or a whole matrix (maps). The axes are cached per
// process, keyed by the scenario's last run date: a new run gives new keys.
import type { Knex } from 'knex';
import type { OutputKind } from './catalogue.ts';
import type { PeriodKind } from './stats.ts';

export type HruUnit = { unit: number; sub: number; gis: string; lulc: string };

export type OutputSet = {
  kind: OutputKind;
  period: PeriodKind;
  variables: string[];
  units: (number | HruUnit)[];
  times: number[];
  areas: number[];
  /** unit key (reach/subbasin number, HRU GIS code) → row index */
  index: Map<number | string, number>;
};

const unitKey = (u: number | HruUnit) => (typeof u === 'number' ? u : u.gis);

const CACHE_SIZE = 64;
const cache = new Map<string, Promise<OutputSet[]>>();

/** The output sets of a scenario's last run (empty when none were loaded). */
export function outputSets(db: Knex, scenarioId: number, version: string): Promise<OutputSet[]> {
  const key = `${scenarioId}@${version}`;
  let hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  hit = (async () => {
    const rows = (await db('scenario_output_sets').where('scenarioId', scenarioId).select('kind', 'period', 'variables', 'units', 'times', 'areas')) as Omit<OutputSet, 'index'>[];
    return rows.map((r) => ({ ...r, areas: r.areas ?? [], index: new Map(r.units.map((u, i) => [unitKey(u), i])) }));
  })();
  hit.catch(() => cache.delete(key));
  cache.set(key, hit);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return hit;
}

const decode = (b: Uint8Array): Float32Array => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

/** One unit's values of a variable (row `unitIndex` of the matrix), or null when not stored. */
export async function unitValues(db: Knex, scenarioId: number, set: OutputSet, variable: string, unitIndex: number): Promise<Float32Array | null> {
  const nt = set.times.length;
  const res = await db.raw(`select substring(data from ? for ?) as slice from scenario_output_series where scenario_id = ? and kind = ? and period = ? and variable = ?`, [
    unitIndex * nt * 4 + 1,
    nt * 4,
    scenarioId,
    set.kind,
    set.period,
    variable,
  ]);
  const row = res.rows[0] as { slice: Uint8Array } | undefined;
  return row ? decode(row.slice) : null;
}

/** A variable's whole matrix [unit][time], or null when not stored. */
export async function matrixValues(db: Knex, scenarioId: number, set: OutputSet, variable: string): Promise<Float32Array | null> {
  const row = (await db('scenario_output_series').where({ scenarioId, kind: set.kind, period: set.period, variable }).first('data')) as { data: Uint8Array } | undefined;
  return row ? decode(row.data) : null;
}
