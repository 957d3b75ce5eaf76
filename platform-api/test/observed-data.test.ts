// Observed data of the demo dataset's gauge (migration 008_outputs.ts): the loader stores gauge J's
// whole daily discharge record from datasets/lrew/observed.csv.gz with the calibration site, and a
// database that loaded LREW before the record was shipped gets it at the next start, without a
// reload (subbasin and HRU ids unchanged).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDatasetDir } from '@headwater/datasets';
import { loadDatasetDir } from '../src/modules/datasets/loader.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { fixtureText } from '@headwater/swat/test-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true });
}, 60_000);
afterAll(async () => app?.close());

/** The original gauge J record (swat/test/fixtures, from the reference data). */
const OBS = fixtureText('lrew_swat2012', 'obs_q_gaugeJ.csv.gz');
const series = () =>
  app.deps.db('calibration_site_series as ss').join('calibration_sites as cs', 'cs.id', 'ss.siteId').where('cs.number', 'J').select('ss.*') as Promise<{ variable: string; numDays: number; startDate: Date; series: Buffer; units: string; outputType: string }[]>;

describe('the gauge\'s observed record', () => {
  it('is loaded with the demo dataset, equal to the original file', async () => {
    const [row] = await series();
    expect(row).toMatchObject({ variable: 'FLOW_OUT', outputType: 'OutputRch', units: 'm³/s', numDays: 16437 });
    const values = new Float32Array(row!.series.buffer.slice(row!.series.byteOffset, row!.series.byteOffset + row!.series.byteLength));
    const original = OBS.trim().split(/\r?\n/).slice(1).map((l) => Number(l.split(',')[1]));
    expect(values.length).toBe(original.length);
    original.forEach((q, i) => expect(values[i]).toBe(Math.fround(q)));
  });

  it('is added to a dataset loaded before it was shipped, ids unchanged', async () => {
    const db = app.deps.db;
    const before = await db('datasets').whereNotNull('key').where('name', 'like', '%Little River%').first('id', 'contentHash');
    const subbasins = await db('subbasins').where('datasetId', before.id).orderBy('id').pluck('id');
    await db('calibration_site_series').delete();
    await db('datasets').where('id', before.id).update({ contentHash: 'loaded-before-observed-data' });
    const r = await loadDatasetDir(db, demoDatasetDir());
    expect(r).toMatchObject({ datasetId: before.id, loaded: false });
    expect(await db('subbasins').where('datasetId', before.id).orderBy('id').pluck('id')).toEqual(subbasins);
    expect((await series()).map((s) => s.numDays)).toEqual([16437]);
    // once there, a start adds nothing
    await loadDatasetDir(db, demoDatasetDir());
    expect(await series()).toHaveLength(1);
  });
});
