// Calibration on the workers (issue 24): N runs (BENCH_CAL_RUNS, default 100) of the LREW demo
// model with every HRU, 2001–2012 daily with 2 warm-up years, calibrated on 2003–2007 and
// validated on 2008–2012 against gauge J at reach 3 (SUFI-2, 2 iterations of N/2, 8 parameters,
// NSE), through the real server (`platform-api/src/main.ts`) with WORKERS=1 and WORKERS=2 worker
// processes (one job at a time each: WORKER_CONCURRENCY=1), on a throwaway PostgreSQL database and
// the test Redis. Figures: whole-request wall time (submit → complete), runs per minute, the
// machine's load average beside them, and the best run's fit (daily and monthly NSE, PBIAS) in
// both periods. The goal of the issue: 500 runs ≤ 5 min on 2 cores, 2 workers about twice 1.
//
//   npm run bench -- calibration     (BENCH_CAL_RUNS=100, BENCH_WORKERS=1,2, BENCH_CAL_SEED=7,
//                                      BENCH_CAL_ALGORITHM=SUFI2|DDS: DDS in batches of BENCH_CAL_BATCH=10,
//                                      BENCH_CAL_PBIAS: a PBIAS bound in %, none by default)
//
// BENCH_CAL_EMBEDDED=1: what a modeller meets after `npm start` — the server on its embedded
// defaults (PGlite, its own queue, the jobs in the server process, no DATABASE_URL or REDIS_URL)
// and the seeded administrator on its own tier (Tier I: one run at a time), with the form's
// defaults (FLOW_DEFAULTS: DDS, 30 batches of 10, |PBIAS| ≤ 15 %, seed 7) where the other
// variables are not set.
//   BENCH_CAL_EMBEDDED=1 npm run bench -- calibration
import { loadavg } from 'node:os';
import pg from 'pg';
import { catalogueParameter } from '../../swat/src/calibration/parameters.ts';
import { FLOW_DEFAULTS, FLOW_PARAMETERS } from '../../plugins/calibration-runs/src/request.ts';
import { json, withServer } from '../lib/server.ts';

const EMBEDDED = process.env.BENCH_CAL_EMBEDDED === '1';
const F = FLOW_DEFAULTS;
const RUNS = Number(process.env.BENCH_CAL_RUNS ?? (EMBEDDED ? F.runsPerIteration * F.iterations : 100));
const WORKERS = EMBEDDED ? [1] : (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const SEED = Number(process.env.BENCH_CAL_SEED ?? F.seed);
const ALGORITHM = (process.env.BENCH_CAL_ALGORITHM ?? (EMBEDDED ? F.algorithm : 'SUFI2')) === 'DDS' ? 'DDS' : 'SUFI2';
const BATCH = Number(process.env.BENCH_CAL_BATCH ?? F.runsPerIteration);
const PBIAS_BOUND = process.env.BENCH_CAL_PBIAS ? Number(process.env.BENCH_CAL_PBIAS) : EMBEDDED ? F.pbiasBound : null;

/** The form's flow parameters with the catalogue's change types and ranges (what the page starts with). */
const PARAMETERS = FLOW_PARAMETERS.map((key) => {
  const [variable, file] = key.split('|') as [string, string];
  const c = catalogueParameter(variable, file)!;
  return { variable, file, type: c.defaultType, min: c.defaultMin, max: c.defaultMax };
});

async function poll<T>(get: () => Promise<T>, done: (v: T) => boolean, ms = 3_600_000, every = 500): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, every));
  }
}

/** NSE of monthly means (months with every day observed). */
function monthlyNse(firstDate: string, obs: (number | null)[], sim: number[], from: string, to: string): number {
  const groups = new Map<string, { o: number; s: number; n: number; days: number }>();
  const t0 = Date.parse(`${firstDate}T00:00:00Z`);
  for (let i = 0; i < sim.length; i++) {
    const d = new Date(t0 + i * 86_400_000).toISOString().slice(0, 10);
    if (d < from || d > to) continue;
    const g = groups.get(d.slice(0, 7)) ?? { o: 0, s: 0, n: 0, days: 0 };
    g.days++;
    if (obs[i] !== null && obs[i] !== undefined) {
      g.o += obs[i]!;
      g.s += sim[i]!;
      g.n++;
    }
    groups.set(d.slice(0, 7), g);
  }
  const m = [...groups.values()].filter((g) => g.n === g.days && g.n > 0).map((g) => ({ o: g.o / g.n, s: g.s / g.n }));
  const mo = m.reduce((a, x) => a + x.o, 0) / m.length;
  return 1 - m.reduce((a, x) => a + (x.o - x.s) ** 2, 0) / m.reduce((a, x) => a + (x.o - mo) ** 2, 0);
}

export default async function calibration(): Promise<Record<string, string | number>> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `hw_bench_cal_${process.pid}`;
  const admin = EMBEDDED ? null : new pg.Client({ connectionString: adminUrl });
  await admin?.connect();
  await admin?.query(`create database ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  // SUFI-2: 2 iterations of N/2; DDS: N/BATCH batches of BATCH
  const perIteration = ALGORITHM === 'DDS' ? BATCH : Math.max(2, Math.round(RUNS / 2));
  const iterations = ALGORITHM === 'DDS' ? Math.max(1, Math.round(RUNS / BATCH)) : 2;
  const figures: Record<string, string | number> = {
    model: 'LREW demo, every HRU, 2001–2012 daily (2 warm-up years); calibrate 2003–2007, validate 2008–2012; gauge J at reach 3',
    server: EMBEDDED ? "npm start's embedded defaults: PGlite, its own queue, jobs in the server process" : 'PostgreSQL and Redis, WORKERS worker processes of one job each',
    user: EMBEDDED ? 'the seeded administrator on its own tier (Tier I: one run at a time)' : 'the administrator on Tier III (5 runs at once)',
    request: `${ALGORITHM === 'DDS' ? 'batched DDS' : 'SUFI-2'}, ${iterations} ${ALGORITHM === 'DDS' ? 'batches' : 'iterations'} × ${perIteration} runs, ${PARAMETERS.length} parameters, NSE${PBIAS_BOUND === null ? '' : ` with |PBIAS| ≤ ${PBIAS_BOUND} %`}, seed ${SEED}`,
  };
  try {
    for (const workers of WORKERS) {
      await withServer({ name: 'cal', dbUrl: EMBEDDED ? null : u.href, workers, startSeconds: 300 }, async (base) => {
        const token = (await json(base + '/api/auth/login', { body: { userName: 'admin', password: 'Bench-pass-123' } })).auth_token as string;
        // the tier's concurrency is the request's window of runs on the workers: Tier III (5 at
        // once) lets both workers take runs (the seeded Tier I runs one at a time)
        if (!EMBEDDED) {
          const db = new pg.Client({ connectionString: u.href });
          await db.connect();
          await db.query(`update users set tier_id = (select id from tiers where name = 'Tier III') where user_name = 'admin'`);
          await db.end();
        }
        const groups = (await json(`${base}/api/datasets/publiclist`, { token })) as { options: { value: number; text: string }[] }[];
        const datasetId = groups.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
        const map = await json(`${base}/api/maps/subbasin/name/${datasetId}/3`, { token });
        const { id: projectId } = await json(`${base}/api/projects`, { token, body: { datasetID: datasetId, endID: map.downstreamID, startIDs: [], name: `Bench calibration ${workers}` } });
        await poll(() => json(`${base}/api/projects/${projectId}`, { token }), (b) => b.status.isCreated || b.status.hasError, 300_000, 200);
        await json(`${base}/api/projects/hrus`, { token, body: { projectID: projectId, method: 'target', targetThreshold: 134 } });
        const p = await poll(() => json(`${base}/api/projects/${projectId}`, { token }), (b) => b.status.hasSetHrus || b.status.hasError, 300_000, 200);
        if (p.status.hasError) throw new Error(p.status.exceptionMessage);
        const o = await json(`${base}/api/scenarios/options/${projectId}`, { token });
        const { id: scenarioId } = await json(`${base}/api/scenarios`, {
          token,
          body: { projectID: projectId, name: 'Calibration bench', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: '2001-01-01', endingSimulationDate: '2012-12-31' },
        });
        await json(`${base}/api/scenarios/run/${scenarioId}`, { token, body: {} });
        const run = await poll(() => json(`${base}/api/scenarios/${scenarioId}`, { token }), (b) => !b.status.isRunning, 600_000, 500);
        if (run.status.hasError) throw new Error(run.status.exceptionMessage);
        const page = await json(`${base}/api/scenarios/output/calibration/${scenarioId}`, { token });
        const gauge = page.gauges.find((g: { reach: number | null }) => g.reach === 3);
        const load0 = loadavg()[0]!;
        const t0 = performance.now();
        const { id } = await json(`${base}/api/scenarios/output/calibration/${scenarioId}`, {
          token,
          body: {
            name: 'bench', observed: { gaugeID: gauge.id }, reach: 3,
            calibrationPeriod: { start: '2003-01-01', end: '2007-12-31' }, validationPeriod: { start: '2008-01-01', end: '2012-12-31' },
            objective: 'NSE', pbiasBound: PBIAS_BOUND, algorithm: ALGORITHM, runsPerIteration: perIteration, iterations, seed: SEED, parameters: PARAMETERS,
          },
        });
        const loads: number[] = [];
        const s = await poll(
          async () => {
            loads.push(loadavg()[0]!);
            return json(`${base}/api/scenarios/output/calibration/request/${id}/status`, { token });
          },
          (b) => !['queued', 'running'].includes(b.status),
        );
        const seconds = (performance.now() - t0) / 1000;
        if (s.status !== 'complete') throw new Error(`calibration ${s.status}: ${s.statusMessage}`);
        const r = await json(`${base}/api/scenarios/output/calibration/request/${id}`, { token });
        const w = EMBEDDED ? 'embedded (npm start)' : `${workers} worker process(es)`;
        figures[`${w}: whole request, ${s.runsDone} runs (s)`] = +seconds.toFixed(1);
        figures[`${w}: runs per minute`] = +((s.runsDone / seconds) * 60).toFixed(1);
        figures[`${w}: 1-min load average at submit / mean while running / at the end`] = `${load0.toFixed(2)} / ${(loads.reduce((a, x) => a + x, 0) / loads.length).toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`;
        const h = r.hydrograph;
        figures[`${w}: best run (n), calibration daily NSE / PBIAS %`] = `${r.best.n}: ${r.best.calibration.NSE.toFixed(3)} / ${r.best.calibration.PBIAS.toFixed(1)}`;
        figures[`${w}: best run, validation daily NSE / monthly NSE / PBIAS %`] = `${r.best.validation.NSE.toFixed(3)} / ${monthlyNse(h.firstDate, h.observed, h.best, '2008-01-01', '2012-12-31').toFixed(3)} / ${r.best.validation.PBIAS.toFixed(1)}`;
        const last = r.iterations.at(-1);
        if (ALGORITHM === 'SUFI2') figures[`${w}: last iteration p-factor / r-factor`] = `${last.pFactor?.toFixed(2)} / ${last.rFactor?.toFixed(2)}`;
      });
    }
  } finally {
    await admin?.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin?.end().catch(() => {});
  }
  return figures;
}
