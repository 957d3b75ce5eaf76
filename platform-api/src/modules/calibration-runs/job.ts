// The `calibration-run` child job: ONE model run of a calibration request, on any worker. No job
// waits for another: the job that stores the last run of an iteration computes the next one (new
// SUFI-2 ranges / the next DDS batch) in a transaction with the request row locked and queues
// its runs, or ends the request.
//
// Each worker process reads the scenario's TxtInOut once per request and keeps it in memory; a
// run is a structuredClone of it with the run's changes applied (`applyMods`, the Calibration
// editor's own function), simulated by the built-in engine in-process, keeping only the compared
// reach's daily FLOW_OUT. The values a run is scored on are the values output.rch prints (e12.4)
// so the scenario made from the best set, run through the normal pipeline, gives the same flow.
import { formatE } from '@headwater/swat/output/fortran.ts';
import { advance, applyMods, bandFactors, calibrationFit, ppu95, scoreOf, behavioural, type AlgorithmState, type HruPicker } from '@headwater/swat/calibration/index.ts';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { HruInputs, SwatProject } from '@headwater/swat/txtinout/types.ts';
import { fromSwatProject } from '@headwater/swat/engine/adapter.ts';
import { simulate } from '@headwater/swat/engine/sim.ts';
import { NRV, RV } from '@headwater/swat/engine/vars.ts';
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { ACTIVE, CalibrationRequestRow, CalibrationRunRow, type IterationSummary } from './models.ts';
import { algorithmSettings, bestRunOf, bytes, floats, MESSAGES, modsOf, periodIndexes, publishRequest, firstRuns, queueRuns, runDirOf, CALIBRATION_QUEUE, type RunJob } from './service.ts';
import { isoDate } from '../scenarios/service.ts';

class Stopped extends Error {}

// ─── the scenario's inputs, once per request and process ─────────────────────────────────

type Inputs = { project: SwatProject; dir: string };
const inputsCache = new Map<number, Promise<Inputs>>();
const KEEP = 4; // requests whose inputs a process keeps (a few MB each for LREW)

function inputsOf(deps: AppDeps, row: CalibrationRequestRow): Promise<Inputs> {
  let p = inputsCache.get(row.id);
  if (!p) {
    const dir = runDirOf(deps, row.scenarioId);
    p = readTxtInOut(dir).then((project) => ({ project, dir }));
    p.catch(() => inputsCache.delete(row.id));
    inputsCache.set(row.id, p);
    while (inputsCache.size > KEEP) inputsCache.delete(inputsCache.keys().next().value!);
  }
  return p;
}

const LUSE = /Luse:\s*(\S+)/;
/** The land use of an HRU as the run pipeline wrote it into the HRU's title (txtinout/assemble.ts). */
const landuseOf = (h: HruInputs) => LUSE.exec(h.hru?.title ?? '')?.[1] ?? LUSE.exec(h.mgt?.title ?? '')?.[1] ?? '';
/** The HRUs a change names, as the run pipeline's selection picks them (subbasins by SWAT number). */
const pickerOf = (p: SwatProject): HruPicker => (subbasins, landuses) => {
  const out: ReturnType<HruPicker> = [];
  for (const s of p.subbasins) {
    if (subbasins.length && !subbasins.includes(s.number)) continue;
    for (const hru of s.hrus) if (!landuses.length || landuses.includes(landuseOf(hru))) out.push({ subbasin: s, hru });
  }
  return out;
};

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * One run: the daily flow (m³/s, as output.rch prints it) of the reach over the request's days.
 * The simulation starts where the scenario's does (same warm-up, so the same states) and ends
 * with the year of the last compared day. `check` is called between simulated years.
 */
export async function simulateRun(inputs: Inputs, row: Pick<CalibrationRequestRow, 'settings' | 'firstDate' | 'days' | 'reach'>, values: number[], check: () => Promise<void>): Promise<Float32Array> {
  const sp = structuredClone(inputs.project);
  applyMods(sp, modsOf(row.settings.parameters, values), pickerOf(sp));
  const cio = sp.cio as unknown as Record<string, number>;
  const first = isoDate(row.firstDate)!;
  const lastYear = Number(new Date(Date.parse(`${first}T00:00:00Z`) + (row.days - 1) * 86_400_000).toISOString().slice(0, 4));
  if (cio.IYR! + cio.NBYR! - 1 > lastYear) {
    cio.NBYR = lastYear - cio.IYR! + 1;
    cio.IDAL = isLeap(lastYear) ? 366 : 365;
  }
  const p = fromSwatProject(sp, inputs.dir);
  const k = [...p.reaches.keys()].sort((a, b) => a - b).indexOf(row.reach);
  if (k < 0) throw new RangeError(`Reach ${row.reach} is not in the scenario's inputs.`);
  const t0 = Date.parse(`${first}T00:00:00Z`) / 86_400_000;
  const flow = new Float32Array(row.days).fill(NaN);
  await simulate(
    p,
    () => ({
      hruWanted: null,
      day(ctx, _hv, _sv, rv) {
        const i = Date.UTC(ctx.year, ctx.month - 1, ctx.dom) / 86_400_000 - t0;
        // the value as output.rch holds it (e12.4): what the scenario's outputs will show
        if (i >= 0 && i < flow.length) flow[i] = Number(formatE(rv[k * NRV + RV.FLOW_OUT]!, 12, 4));
      },
    }),
    { threads: 1, yieldEvery: check },
  );
  return flow;
}

// ─── the job ────────────────────────────────────────────────────────────────────────────

/** The last time this process published each request's progress (at most twice a second). */
const published = new Map<number, number>();

export async function runCalibrationJob(deps: AppDeps, job: JobContext<RunJob>): Promise<void> {
  const { requestId, iteration, index } = job.data;
  const row = await CalibrationRequestRow.query().findById(requestId);
  if (!row || !ACTIVE.includes(row.status) || row.state.iteration !== iteration) return; // deleted, stopped, or a stale job
  const k = row.settings.runsPerIteration;
  const n = (iteration - 1) * k + index + 1;
  const values = row.state.candidates[index];
  if (!values) return;

  const stored = await CalibrationRunRow.query().where({ requestId, n }).select('id').first();
  if (!stored) {
    if (row.status === 'queued') {
      const [started] = (await CalibrationRequestRow.query().patch({ status: 'running', statusMessage: MESSAGES.running(0, row.runsTotal) }).where({ id: row.id, status: 'queued' }).returning('*')) as unknown as CalibrationRequestRow[];
      if (started) await publishRequest(deps, started);
    }
    let inputs: Inputs;
    try {
      inputs = await inputsOf(deps, row);
    } catch (err) {
      deps.log.error({ err, requestId }, 'calibration: the scenario inputs could not be read');
      await CalibrationRequestRow.query().patch({ status: 'error', statusMessage: MESSAGES.inputsMissing, exceptionMessage: String((err as Error)?.message ?? err).slice(0, 1000), finishedAt: new Date() }).where('id', row.id).whereIn('status', ACTIVE as string[]);
      const gone = await CalibrationRequestRow.query().findById(row.id);
      if (gone) await publishRequest(deps, gone);
      return;
    }
    // abort or delete: checked between simulated years, at most once a second
    let checked = Date.now();
    const check = async () => {
      await new Promise<void>((r) => setImmediate(r));
      if (Date.now() - checked < 1000) return;
      checked = Date.now();
      const now = await CalibrationRequestRow.query().findById(requestId).select('status');
      if (!now || !ACTIVE.includes(now.status)) throw new Stopped();
    };
    const s = row.settings;
    let flow: Float32Array | null = null;
    let error: string | null = null;
    try {
      flow = await simulateRun(inputs, row, values, check);
    } catch (err) {
      if (err instanceof Stopped) return;
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }
    let calibration = null, validation = null, objective = null, score = null, withinBound = false;
    if (flow) {
      const obs = floats(row.observed);
      const first = isoDate(row.firstDate)!;
      const [c0, c1] = periodIndexes(first, s.calibrationPeriod);
      calibration = calibrationFit(flow.subarray(c0, c1 + 1), obs.subarray(c0, c1 + 1));
      if (s.validationPeriod) {
        const [v0, v1] = periodIndexes(first, s.validationPeriod);
        validation = calibrationFit(flow.subarray(v0, v1 + 1), obs.subarray(v0, v1 + 1));
      }
      const sc = scoreOf(calibration, s.objective, s.pbiasBound);
      score = sc.score;
      withinBound = sc.withinBound;
      objective = calibration && Number.isFinite(calibration[s.objective]) ? calibration[s.objective] : null;
    }
    // a run number is stored once: a retried job (a worker lost mid-run) adds nothing
    await CalibrationRunRow.query()
      .insert({ requestId, n, iteration, values, objective, score, withinBound, calibration, validation, error, series: flow ? bytes(flow) : null } as never)
      .onConflict(['requestId', 'n'])
      .ignore();
  }
  await afterRun(deps, requestId, iteration);
}

/** With the request locked: counts the runs, keeps the best, and when the iteration is complete
 * computes the next one (or ends the request); otherwise, under a run window (the tier's
 * concurrency), the iteration's next run. What to queue is queued after the commit. */
export async function afterRun(deps: AppDeps, requestId: number, iteration: number): Promise<void> {
  let toQueue: { row: CalibrationRequestRow; from: number } | null = null;
  let queueFrom: number | null = null; // the first run to queue after the commit, up to queuedRuns
  let publish: CalibrationRequestRow | null = null;
  let force = false;
  await deps.db.transaction(async (trx) => {
    const row = await CalibrationRequestRow.query(trx).findById(requestId).forUpdate();
    if (!row || !ACTIVE.includes(row.status)) return;
    const s = row.settings;
    const done = Number(((await CalibrationRunRow.query(trx).where('requestId', requestId).count('* as c')) as unknown as { c: string }[])[0]!.c);
    const best = await bestRunOf(requestId, trx);
    const patch: Partial<CalibrationRequestRow> = {
      status: 'running',
      runsDone: done,
      progress: Math.min(99, Math.floor((100 * done) / row.runsTotal)),
      statusMessage: MESSAGES.running(done, row.runsTotal),
      bestObjective: best?.objective ?? null,
      bestRun: best?.n ?? null,
    };
    if (row.state.iteration === iteration) {
      const runs = await CalibrationRunRow.query(trx).where({ requestId, iteration }).orderBy('n').select('n', 'values', 'score', 'withinBound', 'objective');
      if (runs.length >= s.runsPerIteration) {
        force = true;
        const scored = runs.map((r) => ({ values: r.values, score: r.score, withinBound: r.withinBound }));
        const { next, best: bestState } = advance(algorithmSettings(s), row.state, scored);
        // the iteration's summary: its ranges, SUFI-2's band factors over the calibration period
        let pFactor: number | null = null, rFactor: number | null = null;
        if (row.algorithm === 'SUFI2') {
          const good = behavioural(scored);
          if (good.length >= 2) {
            const series = await CalibrationRunRow.query(trx).where('requestId', requestId).whereIn('n', good.map((i) => runs[i]!.n)).select('series');
            const band = ppu95(series.map((x) => floats(x.series)), row.days);
            const [c0, c1] = periodIndexes(isoDate(row.firstDate)!, s.calibrationPeriod);
            const f = bandFactors(floats(row.observed), band.lower, band.upper, c0, c1 + 1);
            pFactor = Number.isFinite(f.pFactor) ? f.pFactor : null;
            rFactor = Number.isFinite(f.rFactor) ? f.rFactor : null;
          }
        }
        const iterBest = runs.filter((r) => r.score !== null).sort((a, b) => b.score! - a.score!)[0];
        const summary: IterationSummary = { iteration, ranges: row.state.ranges, pFactor, rFactor, best: iterBest?.objective ?? null };
        patch.iterations = [...row.iterations.filter((x) => x.iteration !== iteration), summary];
        if (next) {
          patch.state = next as AlgorithmState;
          patch.queuedRuns = firstRuns(row.runWindow, next.candidates.length);
          queueFrom = 0;
        } else {
          patch.state = { ...row.state, best: bestState };
          patch.status = done > 0 && best ? 'complete' : 'error';
          patch.progress = 100;
          patch.statusMessage = best ? MESSAGES.complete(done) : 'No run of this calibration succeeded.';
          patch.finishedAt = new Date();
        }
      } else if (row.runWindow > 0) {
        // the window moves on: as many of the iteration's runs on the workers as the tier allows
        const to = Math.min(row.state.candidates.length, runs.length + row.runWindow);
        if (to > row.queuedRuns) {
          queueFrom = row.queuedRuns;
          patch.queuedRuns = to;
        }
      }
    }
    const updated = await CalibrationRequestRow.query(trx).patchAndFetchById(requestId, patch);
    if (queueFrom !== null) toQueue = { row: updated, from: queueFrom };
    publish = updated;
  });
  const q = toQueue as { row: CalibrationRequestRow; from: number } | null; // assigned in the transaction
  if (q) await queueRuns(deps, q.row, q.from, q.row.queuedRuns);
  if (publish) {
    const row = publish as CalibrationRequestRow;
    const last = published.get(requestId) ?? 0;
    if (force || Date.now() - last >= 500) {
      published.set(requestId, Date.now());
      await publishRequest(deps, row);
    }
    if (!ACTIVE.includes(row.status)) published.delete(requestId);
  }
}

/**
 * A run whose job failed on its last attempt (the worker's trouble, such as a lost database
 * connection: the model's own errors are stored as failed runs by the job itself) is stored as a
 * failed run, so its iteration still completes and the request never stays 'running' for good.
 */
export async function storeFailedRun(deps: AppDeps, requestId: number, n: number, message: string): Promise<void> {
  const row = await CalibrationRequestRow.query().findById(requestId);
  if (!row || !ACTIVE.includes(row.status)) return;
  const k = row.settings.runsPerIteration;
  const iteration = Math.floor((n - 1) / k) + 1;
  const values = row.state.candidates[(n - 1) % k];
  if (iteration !== row.state.iteration || !values) return; // a stale job of an iteration already past
  const error = `The run failed on the workers: ${message}`.slice(0, 500);
  await CalibrationRunRow.query()
    .insert({ requestId, n, iteration, values, objective: null, score: null, withinBound: false, calibration: null, validation: null, error, series: null } as never)
    .onConflict(['requestId', 'n'])
    .ignore();
  await afterRun(deps, requestId, iteration);
}

export function calibrationProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return { [CALIBRATION_QUEUE]: ((job: JobContext<RunJob>) => runCalibrationJob(deps, job)) as Handler<unknown, unknown> };
}
