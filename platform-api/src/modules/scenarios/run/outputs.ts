// Output loading (the run pipeline's last step): output.rch, output.sub and output.hru of a run
// folder are parsed (@headwater/swat readers, SWAT's own formats, so a real SWAT executable's
// files load the same way) and stored for charts, maps and checks as one Float32 matrix
// [unit][time] per (file, period, variable) — see migration 005_scenarios.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import { readOutputRows, type OutputFileKind } from '@headwater/swat/output/index.ts';

export type OutputPeriodKind = 'day' | 'month' | 'year';
export const OUTPUT_FILES: { kind: OutputFileKind; file: string }[] = [
  { kind: 'rch', file: 'output.rch' },
  { kind: 'sub', file: 'output.sub' },
  { kind: 'hru', file: 'output.hru' },
];

type HruUnit = { unit: number; sub: number; gis: string; lulc: string };

/** The rows of one file and period, gathered in file order (time-major) before transposing. */
class PeriodBlock {
  readonly units: (number | HruUnit)[] = [];
  readonly unitIndex = new Map<number | string, number>();
  readonly areas: number[] = [];
  readonly times: number[] = [];
  readonly timeIndex = new Map<number, number>();
  private chunks: Float32Array[] = [];
  private current: Float32Array;
  private fill = 0;
  readonly rowUnit: number[] = [];
  readonly rowTime: number[] = [];
  rows = 0;
  readonly variables: readonly string[];
  constructor(variables: readonly string[]) {
    this.variables = variables;
    this.current = new Float32Array(variables.length * 4096);
  }
  add(unitKey: number | string, unit: number | HruUnit, area: number, time: number, data: Float64Array): void {
    let u = this.unitIndex.get(unitKey);
    if (u === undefined) {
      u = this.units.length;
      this.unitIndex.set(unitKey, u);
      this.units.push(unit);
      this.areas.push(area);
    }
    let t = this.timeIndex.get(time);
    if (t === undefined) {
      t = this.times.length;
      this.timeIndex.set(time, t);
      this.times.push(time);
    }
    const n = this.variables.length;
    if (this.fill + n > this.current.length) {
      this.chunks.push(this.current.subarray(0, this.fill));
      this.current = new Float32Array(n * 65536);
      this.fill = 0;
    }
    this.current.set(data.subarray(0, n), this.fill);
    this.fill += n;
    this.rowUnit.push(u);
    this.rowTime.push(t);
    this.rows++;
  }
  /** One matrix per variable, [unit][time] (missing cells NaN). */
  matrices(): Float32Array[] {
    const nv = this.variables.length;
    const nu = this.units.length;
    const nt = this.times.length;
    const out = this.variables.map(() => new Float32Array(nu * nt).fill(NaN));
    let row = 0;
    for (const chunk of [...this.chunks, this.current.subarray(0, this.fill)]) {
      for (let off = 0; off + nv <= chunk.length; off += nv, row++) {
        const cell = this.rowUnit[row]! * nt + this.rowTime[row]!;
        for (let v = 0; v < nv; v++) out[v]![cell] = chunk[off + v]!;
      }
    }
    return out;
  }
}

export type LoadedOutput = { kind: OutputFileKind; period: OutputPeriodKind; variables: number; units: number; times: number; rows: number };
export type LoadResult = { sets: LoadedOutput[]; rows: number; parseSeconds: number; loadSeconds: number };

/** Parses the output files of `dir`; `onProgress(fraction)` after each file. */
export async function parseOutputs(dir: string, onProgress?: (fraction: number, file: string) => Promise<void> | void) {
  const cioPath = join(dir, 'file.cio');
  const cio = existsSync(cioPath) ? readFileSync(cioPath, 'latin1') : undefined;
  const blocks: { kind: OutputFileKind; period: OutputPeriodKind; block: PeriodBlock }[] = [];
  const present = OUTPUT_FILES.filter((f) => existsSync(join(dir, f.file)));
  let done = 0;
  for (const { kind, file } of present) {
    const byPeriod = new Map<OutputPeriodKind, PeriodBlock>();
    for await (const row of readOutputRows(join(dir, file), { kind, ...(cio ? { cio } : {}) })) {
      if (row.period === 'average' || row.year === null) continue;
      const period = row.period as OutputPeriodKind;
      let block = byPeriod.get(period);
      if (!block) {
        byPeriod.set(period, (block = new PeriodBlock(row.columns)));
        blocks.push({ kind, period, block });
      }
      const time = period === 'day' ? row.year * 10000 + (row.month ?? 0) * 100 + (row.day ?? 0) : period === 'month' ? row.year * 100 + (row.month ?? 0) : row.year;
      if (kind === 'hru') {
        block.add(row.gis, { unit: row.unit, sub: row.sub ?? 0, gis: row.gis, lulc: row.lulc ?? '' }, row.area, time, row.data);
      } else {
        block.add(row.unit, row.unit, row.area, time, row.data);
      }
    }
    done++;
    await onProgress?.(done / present.length, file);
  }
  return blocks;
}

type SeriesRow = { kind: string; period: string; variable: string; data: Float32Array };

/** COPY ... (FORMAT binary) rows: the matrices go to PostgreSQL as raw bytes (no hex text). */
function* binaryCopy(scenarioId: number, rows: Iterable<SeriesRow>): Generator<Buffer> {
  yield Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  for (const r of rows) {
    const texts = [r.kind, r.period, r.variable].map((t) => Buffer.from(t, 'utf8'));
    const head = Buffer.alloc(2 + 4 + 4 + texts.reduce((a, t) => a + 4 + t.length, 0) + 4);
    let o = head.writeInt16BE(5, 0);
    o = head.writeInt32BE(4, o);
    o = head.writeInt32BE(scenarioId, o);
    for (const t of texts) {
      o = head.writeInt32BE(t.length, o);
      o += t.copy(head, o);
    }
    head.writeInt32BE(r.data.byteLength, o);
    yield head;
    yield Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength);
  }
  const end = Buffer.alloc(2);
  end.writeInt16BE(-1, 0);
  yield end;
}

/** Writes the series rows: COPY on PostgreSQL, batched INSERTs on PGlite (no COPY from a client stream). */
async function writeSeries(db: Knex, trx: Knex.Transaction, scenarioId: number, rows: SeriesRow[]): Promise<void> {
  if ((db.client.config as { client?: unknown }).client === 'pg') {
    const conn = await (trx as unknown as { client: { acquireConnection(): Promise<unknown> } }).client.acquireConnection();
    const stream = (conn as { query(q: unknown): NodeJS.WritableStream }).query(copyFrom('COPY scenario_output_series (scenario_id, kind, period, variable, data) FROM STDIN (FORMAT binary)'));
    await pipeline(Readable.from(binaryCopy(scenarioId, rows)), stream);
    return;
  }
  let batch: SeriesRow[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await trx('scenario_output_series').insert(batch.map((r) => ({ scenarioId, kind: r.kind, period: r.period, variable: r.variable, data: Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength) })));
    batch = [];
    bytes = 0;
  };
  for (const r of rows) {
    batch.push(r);
    bytes += r.data.byteLength;
    if (bytes > 8_000_000) await flush();
  }
  await flush();
}

/** Replaces the scenario's loaded outputs with those of `dir`. */
export async function loadOutputs(db: Knex, scenarioId: number, dir: string, onProgress?: (fraction: number, message: string) => Promise<void> | void): Promise<LoadResult> {
  const t0 = performance.now();
  const blocks = await parseOutputs(dir, (f, file) => onProgress?.(f * 0.6, `Reading ${file}...`));
  const series: SeriesRow[] = [];
  const sets: LoadedOutput[] = [];
  for (const { kind, period, block } of blocks) {
    block.matrices().forEach((data, v) => series.push({ kind, period, variable: block.variables[v]!, data }));
    sets.push({ kind, period, variables: block.variables.length, units: block.units.length, times: block.times.length, rows: block.rows });
  }
  const t1 = performance.now();
  await onProgress?.(0.7, 'Loading outputs...');
  await db.transaction(async (trx) => {
    await trx('scenario_output_series').where('scenarioId', scenarioId).delete();
    await trx('scenario_output_sets').where('scenarioId', scenarioId).delete();
    for (const { kind, period, block } of blocks) {
      await trx('scenario_output_sets').insert({
        scenarioId,
        kind,
        period,
        variables: JSON.stringify(block.variables),
        units: JSON.stringify(block.units),
        times: JSON.stringify(block.times),
        areas: JSON.stringify(block.areas),
        numRows: block.rows,
      });
    }
    await writeSeries(db, trx, scenarioId, series);
  });
  const t2 = performance.now();
  await onProgress?.(1, 'Outputs loaded.');
  return { sets, rows: sets.reduce((a, s) => a + s.rows, 0), parseSeconds: (t1 - t0) / 1000, loadSeconds: (t2 - t1) / 1000 };
}

/** One unit's series of one variable (charts): a `substring` of the stored matrix. */
export async function outputSeries(db: Knex, scenarioId: number, kind: OutputFileKind, period: OutputPeriodKind, variable: string, unitIndex: number): Promise<Float32Array | null> {
  const set = (await db('scenario_output_sets').where({ scenarioId, kind, period }).first('times')) as { times: number[] } | undefined;
  if (!set) return null;
  const nt = set.times.length;
  const row = (await db.raw(`select substring(data from ? for ?) as slice from scenario_output_series where scenario_id = ? and kind = ? and period = ? and variable = ?`, [unitIndex * nt * 4 + 1, nt * 4, scenarioId, kind, period, variable])).rows[0] as { slice: Uint8Array } | undefined;
  if (!row) return null;
  const b = row.slice; // a Buffer on pg, a Uint8Array on PGlite
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
