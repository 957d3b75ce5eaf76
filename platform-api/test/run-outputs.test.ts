// Output loading of a built-in engine run: the outputs are parsed from the text the engine writes
// while it runs (RunOutputCollector) instead of read back from its files. The tables must hold
// exactly what the file loader (loadOutputs, kept for administrators' executables) stores from the
// same run's files: every row, every column, every byte of every matrix — daily, monthly and
// yearly printing, parsed in this thread and in worker threads. A file that cannot be loaded
// leaves the scenario's loaded outputs as they were.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation } from '@headwater/swat/engine/index.ts';
import { RunOutputCollector, loadOutputs, loadRunOutputs } from '../src/modules/scenarios/run/outputs.ts';
import { scenarioFolders } from '../src/modules/scenarios/run/job.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
const work = mkdtempSync(join(tmpdir(), 'hw-run-outputs-'));

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
}, 180_000);

afterAll(async () => {
  await f?.app.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every stored row of a scenario's outputs, in key order. */
async function stored(scenarioId: number) {
  const db = f.app.deps.db;
  const sets = await db('scenario_output_sets').where({ scenarioId }).orderBy(['kind', 'period']);
  const series = await db('scenario_output_series').where({ scenarioId }).orderBy(['kind', 'period', 'variable']);
  return { sets, series };
}

async function expectSameAsFileLoader(scenarioId: number, dir: string): Promise<number> {
  const collected = await stored(scenarioId);
  expect(collected.series.length).toBeGreaterThan(0);
  const loaded = await loadOutputs(f.app.deps.db, scenarioId, dir);
  const fromFiles = await stored(scenarioId);
  expect(collected.sets).toEqual(fromFiles.sets);
  expect(collected.series.length).toBe(fromFiles.series.length);
  collected.series.forEach((row: any, i: number) => {
    const want = fromFiles.series[i];
    expect({ ...row, data: null }).toEqual({ ...want, data: null });
    expect(Buffer.compare(row.data, want.data), `${row.kind} ${row.period} ${row.variable}`).toBe(0);
  });
  return loaded.rows;
}

describe('outputs parsed while the built-in engine runs', () => {
  for (const [name, printSetting, skipYears] of [['daily', 1, 2], ['monthly', 0, 1], ['yearly', 2, 1]] as const) {
    it(`stores exactly what the file loader stores from the run's files (${name})`, async () => {
      const id = await f.createScenario({ name: `Loader ${name}`, printSetting, skipYears });
      const done = await f.run(id);
      expect(done.status.hasRun).toBe(true);
      const dir = scenarioFolders(f.app.deps, id).files;
      expect(readFileSync(join(dir, 'headwater-run.log'), 'latin1')).toMatch(/outputs loaded: \d+ rows parsed from the engine's text as it ran/);
      const rows = await expectSameAsFileLoader(id, dir);
      const summary = (await f.app.deps.db('scenarios').where({ id }).first('runSummary')).runSummary;
      expect(summary.outputRows).toBe(rows);
    }, 180_000);
  }

  it('parses in worker threads the same as in this thread', async () => {
    const id = await f.createScenario({ name: 'Loader threads', printSetting: 1, skipYears: 2 });
    await f.run(id);
    // the run's files, simulated again with the collector's worker threads forced on
    const dir = await f.scenarioFiles(id, join(work, 'threads'));
    const collector = new RunOutputCollector(readFileSync(join(dir, 'file.cio'), 'latin1'), { threads: true });
    await runSimulation(dir, { onOutputText: collector.onText });
    const result = await loadRunOutputs(f.app.deps.db, id, collector);
    expect(result.sets.map((s) => `${s.kind}:${s.period}`)).toEqual(['rch:day', 'sub:day', 'hru:day']);
    await expectSameAsFileLoader(id, dir);
  }, 180_000);

  it('keeps the loaded outputs when a file of the folder cannot be loaded (the stores already made are rolled back)', async () => {
    const id = await f.createScenario({ name: 'Loader failure', printSetting: 1, skipYears: 2 });
    await f.run(id);
    const before = await stored(id);
    const dir = await f.scenarioFiles(id, join(work, 'failure'));
    // output.rch (the largest, parsed and stored first) is whole; output.sub has no header line
    writeFileSync(join(dir, 'output.sub'), '1\n'.repeat(20));
    await expect(loadOutputs(f.app.deps.db, id, dir)).rejects.toThrow(/no header line/);
    const after = await stored(id);
    expect(after.sets).toEqual(before.sets);
    expect(after.series.map((r: any) => `${r.kind} ${r.period} ${r.variable} ${Buffer.from(r.data).toString('base64')}`)).toEqual(
      before.series.map((r: any) => `${r.kind} ${r.period} ${r.variable} ${Buffer.from(r.data).toString('base64')}`),
    );
  }, 180_000);
});

