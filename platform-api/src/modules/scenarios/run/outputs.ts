// Output loading (the run pipeline's last step): output.rch, output.sub and output.hru are parsed
// (outputs-parse.ts / outputs-scan.ts: SWAT's own formats, so a real SWAT executable's files load
// the same way; pooled worker threads, one file each at a time) and stored for charts, maps and checks as one
// Float32 matrix [unit][time] per (file, period, variable) — see migration 005_scenarios.ts. An
// executable's files are read from the run folder after it ran; the built-in engine's text is
// parsed while it runs (RunOutputCollector), so only the store is left when it ends.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import type { OutputFileKind } from '@headwater/swat/output/index.ts';
import { parseOutputs, type OutputPeriodKind, type ParsedSet, type RunOutputCollector } from './outputs-parse.ts';

export { OUTPUT_FILES, parseOutputs, RunOutputCollector, warmOutputParsing, type OutputPeriodKind, type ParsedSet } from './outputs-parse.ts';

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
  if (isPg(db)) {
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

const isPg = (db: Knex) => (db.client.config as { client?: unknown }).client === 'pg';

/** Opens the store of a scenario's outputs: its loaded ones deleted (in the caller's transaction). */
async function clearOutputs(db: Knex, trx: Knex.Transaction, scenarioId: number): Promise<void> {
  // no wait for this commit's WAL flush: the run's next write (hasRun, committed synchronously)
  // flushes it, so outputs are never lost while their run counts as done
  if (isPg(db)) await trx.raw('set local synchronous_commit = off');
  await trx('scenario_output_series').where('scenarioId', scenarioId).delete();
  await trx('scenario_output_sets').where('scenarioId', scenarioId).delete();
}

/** Stores some parsed sets (their axes, then their matrices) in the caller's transaction. */
async function storeSets(db: Knex, trx: Knex.Transaction, scenarioId: number, parsed: ParsedSet[]): Promise<void> {
  const series: SeriesRow[] = [];
  for (const set of parsed) {
    await trx('scenario_output_sets').insert({
      scenarioId,
      kind: set.kind,
      period: set.period,
      variables: JSON.stringify(set.variables),
      units: JSON.stringify(set.units),
      times: JSON.stringify(set.times),
      areas: JSON.stringify(set.areas),
      numRows: set.rows,
    });
    set.matrices.forEach((data, v) => series.push({ kind: set.kind, period: set.period, variable: set.variables[v]!, data }));
  }
  await writeSeries(db, trx, scenarioId, series);
}

const loaded = (parsed: ParsedSet[]): LoadedOutput[] =>
  parsed.map((set) => ({ kind: set.kind, period: set.period, variables: set.variables.length, units: set.units.length, times: set.times.length, rows: set.rows }));

export type LoadedOutput = { kind: OutputFileKind; period: OutputPeriodKind; variables: number; units: number; times: number; rows: number };
/** `parseCpu`: each file's parse CPU seconds (files read from a folder). */
export type LoadResult = { sets: LoadedOutput[]; rows: number; parseSeconds: number; loadSeconds: number; parseCpu?: Partial<Record<OutputFileKind, number>> };

type Progress = (fraction: number, message: string) => Promise<void> | void;

/** Replaces the scenario's loaded outputs with those of the files in `dir` (one transaction). On
 * PostgreSQL each file's sets are stored as soon as they are parsed, while the other files are
 * still parsed; `loadSeconds` is what was left of the store once the last file was parsed. */
export async function loadOutputs(db: Knex, scenarioId: number, dir: string, onProgress?: Progress): Promise<LoadResult> {
  const t0 = performance.now();
  const reading = (f: number, file: string) => onProgress?.(f * 0.6, `Reading ${file}...`);
  // PGlite has one connection: a progress report (a query) could not run beside the open
  // transaction, so there the files are parsed first
  const parseCpu: Partial<Record<OutputFileKind, number>> = {};
  if (!isPg(db)) return { ...(await storeOutputs(db, scenarioId, await parseOutputs(dir, reading, { cpu: parseCpu }), (performance.now() - t0) / 1000, onProgress)), parseCpu };
  let t1 = t0;
  let parsed: ParsedSet[] = [];
  await db.transaction(async (trx) => {
    await clearOutputs(db, trx, scenarioId);
    // the stores one after another on the transaction's connection; their first failure is kept
    // (no rejection is left unhandled while the parsing goes on), and whatever fails, nothing
    // runs on the connection any more when the transaction ends
    let stores = Promise.resolve();
    let failed: { error: unknown } | null = null;
    let parsing = true;
    try {
      parsed = await parseOutputs(dir, reading, {
        cpu: parseCpu,
        onFile: (_, sets) => {
          // a file finished after another failed: its transaction is over
          if (!parsing) return;
          stores = stores.then(() => (failed ? undefined : storeSets(db, trx, scenarioId, sets))).catch((error: unknown) => void (failed ??= { error }));
        },
      });
      t1 = performance.now();
      await onProgress?.(0.7, 'Loading outputs...');
    } catch (error) {
      failed = { error };
    } finally {
      parsing = false;
      await stores;
    }
    if (failed) throw (failed as { error: unknown }).error;
  });
  const t2 = performance.now();
  await onProgress?.(1, 'Outputs loaded.');
  const sets = loaded(parsed);
  return { sets, rows: sets.reduce((a, s) => a + s.rows, 0), parseSeconds: (t1 - t0) / 1000, loadSeconds: (t2 - t1) / 1000, parseCpu };
}

/** Replaces the scenario's loaded outputs with those a built-in engine run's collector parsed as
 * it ran; `parseSeconds` is what was left of the parsing once the engine ended. */
export async function loadRunOutputs(db: Knex, scenarioId: number, collector: RunOutputCollector, onProgress?: Progress): Promise<LoadResult> {
  const t0 = performance.now();
  await onProgress?.(0.3, 'Reading the outputs...');
  const parsed = await collector.finish();
  return storeOutputs(db, scenarioId, parsed, (performance.now() - t0) / 1000, onProgress);
}

/** Stores parsed outputs in place of the scenario's loaded ones (one transaction). */
async function storeOutputs(db: Knex, scenarioId: number, parsed: ParsedSet[], parseSeconds: number, onProgress?: Progress): Promise<LoadResult> {
  const sets = loaded(parsed);
  const t1 = performance.now();
  await onProgress?.(0.7, 'Loading outputs...');
  await db.transaction(async (trx) => {
    await clearOutputs(db, trx, scenarioId);
    await storeSets(db, trx, scenarioId, parsed);
  });
  const t2 = performance.now();
  await onProgress?.(1, 'Outputs loaded.');
  return { sets, rows: sets.reduce((a, s) => a + s.rows, 0), parseSeconds, loadSeconds: (t2 - t1) / 1000 };
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
