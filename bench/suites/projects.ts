// Project figures (issue 5): the HRU-setting algorithm on 150,000 HRUs; and, through the API
// and the worker on real PostgreSQL + Redis, a 2,000-subbasin / 150,000-HRU watershed: create
// (copy into the project), set HRUs (target, 75%), and a sorted HRU table page.
import { defaultTargetHrus, setHrus, syntheticHrus } from '@headwater/swat';
import { startProcessing } from '../../platform-api/src/jobs/processors.ts';
import { startTestApp, type TestApp } from '../../platform-api/test/helpers.ts';

const SUBBASINS = 2000;
const HRUS = 150_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** A synthetic dataset straight into the dataset tables: a random routing tree to subbasin 1. */
async function loadSynthetic(app: TestApp): Promise<{ datasetId: number; endId: number }> {
  const db = app.deps.db;
  const [{ id: datasetId }] = await db('datasets').insert({ name: 'Synthetic bench watershed', key: `bench-${Date.now()}`, accessibility: 'Public' }).returning('id');
  const hrus = syntheticHrus(SUBBASINS, HRUS, 11);
  const ids: number[] = [];
  const side = Math.ceil(Math.sqrt(SUBBASINS));
  for (let i = 0; i < SUBBASINS; i += 500) {
    const rows = [];
    for (let k = i; k < Math.min(SUBBASINS, i + 500); k++) {
      const x = -90 + (k % side) * 0.01;
      const y = 35 + Math.floor(k / side) * 0.01;
      const ring = [[x, y], [x + 0.01, y], [x + 0.01, y + 0.01], [x, y + 0.01], [x, y]];
      rows.push({
        datasetId, number: k + 1, name: String(k + 1), area: 0, landArea: 0, cumulativeArea: 0, elevation: 100,
        minLon: x, minLat: y, maxLon: x + 0.01, maxLat: y + 0.01, labelLon: x + 0.005, labelLat: y + 0.005,
        geometry: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
        streams: JSON.stringify({ type: 'LineString', coordinates: [[x + 0.002, y + 0.002], [x + 0.008, y + 0.008]] }),
      });
    }
    for (const r of (await db('subbasins').insert(rows).returning('id')) as { id: number }[]) ids.push(r.id);
  }
  // Routing: subbasin k (k > 1) drains to a random earlier one, so everything reaches subbasin 1.
  let seed = 5;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const links = ids.slice(1).map((id, k) => `(${id}, ${ids[Math.floor(rnd() * (k + 1))]})`);
  await db.raw(`update subbasins s set downstream_id = v.d from (values ${links.join(',')}) as v(id, d) where s.id = v.id`);
  for (let i = 0; i < hrus.length; i += 5000) {
    await db('hrus').insert(
      hrus.slice(i, i + 5000).map((h, j) => ({
        datasetId, subbasinId: ids[(h.subbasin as number) - 1], number: i + j + 1, landuse: h.landuse, soil: h.soil, slopeClass: h.slopeClass,
        slope: 0.02, slopeLength: 60, area: h.area, fraction: 0, cn2: 70, ovN: 0.14, sortOrder: i + j + 1,
      })),
    );
  }
  await db.raw(`update subbasins s set area = t.a, land_area = t.a, num_hrus = t.n from (select subbasin_id, sum(area) a, count(*) n from hrus where dataset_id = ? group by subbasin_id) t where t.subbasin_id = s.id`, [datasetId]);
  await db.raw(`update hrus h set fraction = h.area / s.area from subbasins s where s.id = h.subbasin_id and h.dataset_id = ?`, [datasetId]);
  return { datasetId, endId: ids[0]! };
}

async function waitFor(app: TestApp, token: string, id: number, done: (b: any) => boolean): Promise<any> {
  for (;;) {
    const res = await app.request(`/api/projects/${id}`, { token });
    if (res.status === 200 && (done(res.body) || res.body.status.hasError)) return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export default async function projects(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};

  // The algorithm alone.
  const hrus = syntheticHrus(SUBBASINS, HRUS, 3);
  const runs: number[] = [];
  let kept = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    kept = setHrus(hrus, { method: 'target', targetThreshold: defaultTargetHrus(HRUS) }).numHrus;
    runs.push(performance.now() - t);
  }
  figures['setHrus target 75%, 150,000 HRUs, algorithm (ms, median of 5)'] = median(runs).toFixed(0);
  figures['setHrus HRUs kept'] = kept;
  const t2 = performance.now();
  setHrus(hrus, { method: 'percent', landuseThreshold: 10, soilThreshold: 10, slopeThreshold: 10 });
  figures['setHrus percent 10/10/10, 150,000 HRUs, algorithm (ms)'] = (performance.now() - t2).toFixed(0);

  // Through the API and a worker.
  const app = await startTestApp();
  try {
    startProcessing(app.deps, 1);
    const token = await app.login();
    await app.deps.db('users').where('userName', 'admin').update({ tierId: app.deps.db('tiers').select('id').where('name', 'Tier III') });
    const t0 = performance.now();
    const { datasetId, endId } = await loadSynthetic(app);
    figures['load synthetic dataset 2,000 subbasins / 150,000 HRUs (s)'] = ((performance.now() - t0) / 1000).toFixed(1);

    let t = performance.now();
    const created = await app.request('/api/projects', { token, body: { datasetID: datasetId, endID: endId, startIDs: [], name: 'Bench watershed' } });
    if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.id as number;
    const made = await waitFor(app, token, id, (b) => b.status.isCreated);
    if (made.status.hasError) throw new Error(made.status.exceptionMessage);
    figures['create project job, 2,000 subbasins / 150,000 HRUs (s)'] = ((performance.now() - t) / 1000).toFixed(2);
    figures['project HRUs'] = made.project.numHrus;

    t = performance.now();
    await app.request('/api/projects/hrus', { token, body: { projectID: id, method: 'target', targetThreshold: defaultTargetHrus(HRUS) } });
    const set = await waitFor(app, token, id, (b) => b.status.hasSetHrus && !b.status.isSettingHrus);
    if (set.status.hasError) throw new Error(set.status.exceptionMessage);
    figures['set HRUs job, request to done, 150,000 → 112,500 (s)'] = ((performance.now() - t) / 1000).toFixed(2);

    for (const [label, query] of [
      ['default order (sortOrder), page 1', ''],
      ['sorted by area desc, page 50', '?sort=area_desc&page=50'],
      ['sorted by cn2, page 20', '?sort=cn2&page=20'],
      ['sorted by landuse, filter AGRL, page 3', '?sort=landuse&filter=AGRL&page=3'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 11; i++) {
        const s = performance.now();
        const res = await app.request(`/api/hruselection/hrus/${id}${query}`, { token });
        if (res.status !== 200 || res.body.items.length !== 100) throw new Error(`HRU page: ${res.status}`);
        times.push(performance.now() - s);
      }
      figures[`HRU table page of 100, ${label} (ms, median of 11)`] = median(times).toFixed(1);
    }
    // BENCH_EXPLAIN=1 prints the query plans of the HRU table queries.
    if (process.env.BENCH_EXPLAIN) {
      for (const sql of [
        `explain analyze select count(*) from project_hrus where project_id = ${id} and removed = false`,
        `explain analyze select * from (select id, sort_order, subbasin, landuse, soil, slope_class, slope, slope_length, cn2, ov_n, area, fraction from project_hrus where project_id = ${id} and removed = false) g order by area desc, sort_order limit 100 offset 4900`,
        `explain analyze select * from (select id, sort_order, subbasin, landuse, soil, slope_class, slope, slope_length, cn2, ov_n, area, fraction from project_hrus where project_id = ${id} and removed = false) g order by sort_order limit 100 offset 0`,
      ]) console.log((await app.deps.db.raw(sql)).rows.map((r: any) => r['QUERY PLAN']).join('\n'));
    }
  } finally {
    await app.close();
  }
  return figures;
}
