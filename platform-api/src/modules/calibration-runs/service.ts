// Calibration requests (issue 24): a scenario's inputs fitted to observed flow by SUFI-2 or
// batched DDS, each model run a child job on the workers (job.ts). Every call checks access to
// the request's scenario (scenarioFor: view to read, edit to start, stop, delete and to make a
// scenario or an option from the best set). The contract of the routes:
// /work/briefs/calibration-contract.md, summarised in README.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { behavioural, CALIBRATION_PARAMETERS, ppu95, startState, totalRuns, type AlgorithmSettings, type CalibrationFit, type CalibrationMod } from '@headwater/swat/calibration/index.ts';
import { InputError, NotFoundError, type CalibrationSubmission, type CalibrationSummary } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { Calibration, CalibrationGroup } from '../datasets/models.ts';
import { tierOf } from '../projects/access.ts';
import { getMods, replaceMods, scenarioLandUses } from '../scenarios/mods.ts';
import { copyScenario, isoDate, scenarioDir, scenarioFor } from '../scenarios/service.ts';
import { scenarioRoom } from '../scenarios/status.ts';
import { Scenario } from '../scenarios/models.ts';
import { projectSubbasins } from '../custom-outputs/service.ts';
import { ACTIVE, CalibrationRequestRow, CalibrationRunRow, type IterationSummary, type RequestParameter, type RequestSettings } from './models.ts';

export const CALIBRATION_QUEUE = 'calibration-run';
export const CALIBRATION_EVENT = 'calibration-status';
/** The Calibration editor's table (editors/calibration package.json modTable). */
export const CALIBRATION_MOD_TABLE = 'Calibration';
const CFS = 0.028316846592; // m³/s per ft³/s

export const MESSAGES = {
  queued: 'In the queue...',
  running: (done: number, total: number) => `${done} of ${total} runs done...`,
  complete: (total: number) => `${total} runs done.`,
  aborted: 'Stopped. The runs that finished are kept.',
  scenarioRan: 'Stopped: the scenario ran again and its inputs changed. The runs that finished are kept.',
  inputsMissing: "The scenario's inputs could not be read. Run the scenario again, then start a new calibration.",
  scenarioRunning: 'This scenario is running. Calibrations can start when the run ends.',
  notRun: 'Run the scenario first: calibration starts from its inputs.',
  noBest: 'This calibration has no successful run yet.',
  optionName: 'Give the option a name of 1 to 100 characters.',
  optionTaken: 'An option of this dataset already has this name.',
  noDataset: 'This scenario has no dataset to save an option to.',
  notFile: 'The files of a calibration are runs.csv, best.csv and hydrograph.csv.',
} as const;

export type RunJob = { requestId: number; iteration: number; index: number };

// ─── dates ──────────────────────────────────────────────────────────────────────────────

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
export const addDays = (iso: string, n: number) => new Date((dayNumber(iso) + n) * 86_400_000).toISOString().slice(0, 10);
const isoOf = (d: Date | string) => isoDate(d)!;

// ─── shapes ─────────────────────────────────────────────────────────────────────────────

export type { CalibrationSummary };

export function summaryOf(row: CalibrationRequestRow): CalibrationSummary {
  return {
    id: row.id,
    name: row.name,
    algorithm: row.algorithm,
    objective: row.objective,
    status: row.status,
    progress: row.progress,
    statusMessage: row.statusMessage,
    runsDone: row.runsDone,
    runsTotal: row.runsTotal,
    bestObjective: row.bestObjective ?? null,
    runsAtOnce: row.runWindow,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}

export async function publishRequest(deps: Pick<AppDeps, 'bus'>, row: CalibrationRequestRow, extra: { deleted?: boolean } = {}): Promise<void> {
  const payload = { ...summaryOf(row), scenarioID: row.scenarioId, ranges: row.state?.ranges, ...(extra.deleted ? { deleted: true } : {}) };
  await deps.bus.publish(scenarioRoom(row.scenarioId), CALIBRATION_EVENT, payload);
}

/** JSON has no NaN: undefined statistics are null. */
export function fitJson(f: CalibrationFit | null): Record<string, number | null> | null {
  if (!f) return null;
  const n = (v: number) => (Number.isFinite(v) ? v : null);
  return { NSE: n(f.NSE), KGE: n(f.KGE), PBIAS: n(f.PBIAS), RSR: n(f.RSR), LNSE: n(f.LNSE), days: f.days };
}

export const floats = (b: Uint8Array | null | undefined): Float32Array => (b ? new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)) : new Float32Array(0));
export const bytes = (a: Float32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The changes of a run: each request parameter with the run's value. */
export function modsOf(parameters: readonly RequestParameter[], values: readonly number[]): CalibrationMod[] {
  return parameters.map((p, i) => ({
    file: p.file as CalibrationMod['file'],
    variable: p.variable,
    type: p.type,
    value: values[i]!,
    ...(p.landuses?.length ? { landuses: [...p.landuses] } : {}),
    ...(p.subbasins?.length ? { subbasins: [...p.subbasins] } : {}),
  }));
}

export function algorithmSettings(s: RequestSettings): AlgorithmSettings {
  return { algorithm: s.algorithm, runsPerIteration: s.runsPerIteration, iterations: s.iterations, seed: s.seed, ranges: s.parameters.map((p) => [p.min, p.max]) };
}

/** Day indexes (from the request's first date) of a period, inclusive. */
export function periodIndexes(firstDate: string, p: { start: string; end: string }): [number, number] {
  return [dayNumber(p.start) - dayNumber(firstDate), dayNumber(p.end) - dayNumber(firstDate)];
}

// ─── scenario facts ─────────────────────────────────────────────────────────────────────

export function runDirOf(deps: Pick<AppDeps, 'config'>, scenarioId: number): string {
  return join(scenarioDir(deps, scenarioId), 'TxtInOut');
}

function gate(deps: Pick<AppDeps, 'config'>, scenario: Scenario): string | null {
  if (scenario.isRunning) return MESSAGES.scenarioRunning;
  if (!scenario.hasRun || scenario.runSettings?.noModelRun) return MESSAGES.notRun;
  if (!existsSync(runDirOf(deps, scenario.id))) return MESSAGES.inputsMissing;
  return null;
}

type GaugeRow = { id: number; name: string; variable: string; units: string; startDate: Date | string; numDays: number; reach: number | null };

/** The dataset's gauges with observed flow; `reach` is the project reach its calibration ends at. */
async function gaugesOf(deps: AppDeps, projectId: number, datasetId: number | null): Promise<GaugeRow[]> {
  if (!datasetId) return [];
  return (await deps.db('calibration_site_series as ss')
    .join('calibration_sites as cs', 'cs.id', 'ss.siteId')
    .join('calibrations as c', 'c.id', 'cs.calibrationId')
    .leftJoin('project_subbasins as ps', function () {
      this.on('ps.subbasinId', '=', 'c.endingSubbasinId').andOn('ps.projectId', '=', deps.db.raw('?', [projectId]));
    })
    .where('c.datasetId', datasetId)
    .where('ss.variable', 'FLOW_OUT')
    .orderBy('ss.id')
    .select('ss.id', 'cs.name', 'ss.variable', 'ss.units', 'ss.startDate', 'ss.numDays', 'ps.number as reach')) as GaugeRow[];
}

// ─── route 1: the page ──────────────────────────────────────────────────────────────────

export async function pageData(deps: AppDeps, user: User, scenarioId: number) {
  const { scenario, project } = await scenarioFor(user, scenarioId);
  const [subbasins, gauges, landUses, rows] = await Promise.all([
    projectSubbasins(deps.db, project.id),
    gaugesOf(deps, project.id, project.datasetId),
    scenarioLandUses(deps, user, scenarioId),
    CalibrationRequestRow.query().where('scenarioId', scenarioId).orderBy('id', 'desc'),
  ]);
  return {
    scenario: { id: scenario.id, name: scenario.name, hasRun: scenario.hasRun, isRunning: scenario.isRunning },
    simulation: { start: isoOf(scenario.startingSimulationDate), end: isoOf(scenario.endingSimulationDate), warmupYears: Number(scenario.skipYears ?? 0) },
    reaches: subbasins.map((s) => ({ number: s.number, name: s.name })),
    gauges: gauges.map((g) => ({
      id: g.id,
      name: g.name,
      reach: g.reach === null || g.reach === undefined ? null : Number(g.reach),
      variable: 'FLOW_OUT',
      units: 'm3/s',
      firstDate: isoOf(g.startDate),
      lastDate: addDays(isoOf(g.startDate), g.numDays - 1),
      days: g.numDays,
    })),
    parameters: CALIBRATION_PARAMETERS.map((c) => ({ ...c, limits: [...c.limits] })),
    landUses: landUses.map((l) => ({ code: l.code, name: l.name })),
    requests: rows.map(summaryOf),
  };
}

// ─── route 2: start ─────────────────────────────────────────────────────────────────────

/** A request body the plugin's server half has validated (plugins/calibration-runs/src/request.ts),
 * the CSV already parsed. */
export type Submission = CalibrationSubmission;

export async function submit(deps: AppDeps, user: User, scenarioId: number, s: Submission): Promise<{ id: number }> {
  const { scenario, project } = await scenarioFor(user, scenarioId, 'edit');
  const why = gate(deps, scenario);
  if (why) throw new InputError(why);
  const periods = [s.calibrationPeriod, ...(s.validationPeriod ? [s.validationPeriod] : [])];
  const firstDate = periods.map((p) => p.start).sort()[0]!;
  const lastDate = periods.map((p) => p.end).sort().at(-1)!;
  const days = dayNumber(lastDate) - dayNumber(firstDate) + 1;
  const observed = new Float32Array(days).fill(NaN);
  let observedSetting: RequestSettings['observed'];
  if ('gaugeID' in s.observed) {
    const gaugeID = s.observed.gaugeID;
    const g = (await gaugesOf(deps, project.id, project.datasetId)).find((x) => x.id === gaugeID);
    if (!g) throw new InputError({ observed: ['Choose a gauge with observed flow.'] });
    const row = (await deps.db('calibration_site_series').where('id', g.id).first('series')) as { series: Uint8Array };
    const values = floats(row.series);
    const offset = dayNumber(isoOf(g.startDate)) - dayNumber(firstDate);
    for (let i = 0; i < days; i++) {
      const j = i - offset;
      if (j >= 0 && j < values.length) observed[i] = values[j]!;
    }
    observedSetting = { gaugeID };
  } else {
    const csv = s.observed;
    const k = csv.units === 'cfs' ? CFS : 1;
    csv.dates.forEach((d, i) => {
      const j = dayNumber(d) - dayNumber(firstDate);
      const v = csv.values[i];
      if (j >= 0 && j < days && v !== null && v !== undefined) observed[j] = v * k;
    });
    observedSetting = { units: csv.units, days: csv.dates.length };
  }
  const [c0, c1] = periodIndexes(firstDate, s.calibrationPeriod);
  if (!observed.subarray(c0, c1 + 1).some((v) => Number.isFinite(v))) throw new InputError({ observed: ['The observed series has no days in the calibration period.'] });

  const settings: RequestSettings = { ...s, observed: observedSetting };
  const alg = algorithmSettings(settings);
  const tier = await tierOf(user);
  const runWindow = tier && tier.concurrencyLimit > 0 ? tier.concurrencyLimit : 0;
  const state = startState(alg);
  const row = await CalibrationRequestRow.query().insertAndFetch({
    scenarioId,
    userId: user.id,
    name: s.name.trim(),
    algorithm: s.algorithm,
    objective: s.objective,
    status: 'queued',
    statusMessage: MESSAGES.queued,
    progress: 0,
    runsDone: 0,
    runsTotal: totalRuns(alg),
    bestObjective: null,
    bestRun: null,
    priority: tier?.queuePriority ?? 'default',
    settings,
    reach: s.reach,
    firstDate,
    days,
    observed: bytes(observed),
    state,
    iterations: [],
    runWindow,
    queuedRuns: firstRuns(runWindow, state.candidates.length),
  });
  await publishRequest(deps, row); // before the first run can report
  try {
    await queueRuns(deps, row, 0, row.queuedRuns);
  } catch (err) {
    await CalibrationRequestRow.query().patch({ status: 'error', statusMessage: 'The calibration could not be queued.', exceptionMessage: String((err as Error)?.message ?? err) }).where('id', row.id);
    throw err;
  }
  return { id: row.id };
}

/** How many runs of an iteration of `candidates` runs go to the workers at its start. */
export const firstRuns = (runWindow: number, candidates: number): number => (runWindow > 0 ? Math.min(runWindow, candidates) : candidates);

/** Queues the child jobs of runs `from`…`to − 1` of the row's current iteration (job ids make a
 * re-queue a no-op). */
export async function queueRuns(deps: Pick<AppDeps, 'queue'>, row: CalibrationRequestRow, from: number, to: number): Promise<void> {
  const q = deps.queue.queue<RunJob>(CALIBRATION_QUEUE);
  const { iteration } = row.state;
  for (let index = from; index < to; index++) {
    const n = (iteration - 1) * row.settings.runsPerIteration + index + 1;
    await q.add({ requestId: row.id, iteration, index }, { priority: row.priority, retries: 2, backoffMs: 2000, timeoutMs: 30 * 60_000, id: `cal-${row.id}-${n}` });
  }
}

// ─── routes 3–6: read, stop, delete ─────────────────────────────────────────────────────

async function requestFor(user: User, requestId: number, action: 'view' | 'edit' = 'view') {
  const row = await CalibrationRequestRow.query().findById(requestId);
  if (!row) throw new NotFoundError();
  const { scenario, project } = await scenarioFor(user, row.scenarioId, action);
  return { row, scenario, project };
}

export async function status(user: User, requestId: number): Promise<CalibrationSummary> {
  return summaryOf((await requestFor(user, requestId)).row);
}

/** The runs (without series), best first by score. */
async function runsOf(requestId: number) {
  return CalibrationRunRow.query().where('requestId', requestId).orderBy('n').select('n', 'iteration', 'values', 'objective', 'score', 'withinBound', 'calibration', 'validation', 'error');
}

/** The best run: highest score, the earliest on a tie. */
export async function bestRunOf(requestId: number, trx?: import('knex').Knex.Transaction) {
  return CalibrationRunRow.query(trx).where('requestId', requestId).whereNotNull('score').orderBy('score', 'desc').orderBy('n').first();
}

/** The 95PPU band of an iteration: its behavioural runs' series. */
export async function bandOf(row: CalibrationRequestRow, iteration: number, trx?: import('knex').Knex.Transaction) {
  const runs = await CalibrationRunRow.query(trx).where({ requestId: row.id, iteration }).orderBy('n').select('n', 'values', 'score', 'withinBound');
  const good = behavioural(runs.map((r) => ({ values: r.values, score: r.score, withinBound: r.withinBound })));
  if (good.length < 2) return null;
  const series = await CalibrationRunRow.query(trx).where('requestId', row.id).whereIn('n', good.map((i) => runs[i]!.n)).select('series');
  return ppu95(series.map((s) => floats(s.series)), row.days);
}

const round = (v: number) => (Number.isFinite(v) ? v : null);

export async function result(deps: AppDeps, user: User, requestId: number) {
  const { row } = await requestFor(user, requestId);
  const runs = await runsOf(row.id);
  const best = await bestRunOf(row.id);
  const firstDate = isoOf(row.firstDate);
  let hydrograph = null;
  let bestOut = null;
  if (best) {
    const full = await CalibrationRunRow.query().findById(best.id).select('series');
    const last = row.iterations.at(-1);
    const band = row.algorithm === 'SUFI2' && last ? await bandOf(row, last.iteration) : null;
    hydrograph = {
      firstDate,
      observed: Array.from(floats(row.observed), round),
      best: Array.from(floats(full!.series), (v) => v),
      lower: band ? Array.from(band.lower, (v) => round(v) ?? 0) : null,
      upper: band ? Array.from(band.upper, (v) => round(v) ?? 0) : null,
    };
    bestOut = { n: best.n, values: best.values, mods: modsOf(row.settings.parameters, best.values), calibration: fitJson(best.calibration), validation: fitJson(best.validation) };
  }
  const { observed: _o, ...settings } = row.settings;
  void _o;
  return {
    request: { ...summaryOf(row), settings: { ...settings, observed: row.settings.observed } },
    parameters: row.settings.parameters,
    runs: runs.map((r) => ({
      n: r.n,
      iteration: r.iteration,
      values: r.values,
      objective: r.objective,
      calibration: fitJson(r.calibration),
      validation: fitJson(r.validation),
      ...(r.error ? { error: r.error } : {}),
    })),
    best: bestOut,
    iterations: row.iterations,
    hydrograph,
  };
}

/** Stops a running request: no more runs start, running ones stop at their next year. */
export async function abort(deps: AppDeps, user: User, requestId: number): Promise<{ value: true }> {
  const { row } = await requestFor(user, requestId, 'edit');
  if (!ACTIVE.includes(row.status)) return { value: true };
  const [stopped] = (await CalibrationRequestRow.query()
    .patch({ status: 'aborted', statusMessage: MESSAGES.aborted, finishedAt: new Date() })
    .where('id', row.id)
    .whereIn('status', ACTIVE as string[])
    .returning('*')) as unknown as CalibrationRequestRow[];
  if (stopped) await publishRequest(deps, stopped);
  return { value: true };
}

/** A new run replaces the scenario's files: the calibrations still running on the old ones stop
 * (a worker that had not read them yet would mix the two). Called by the run job at the swap. */
export async function stopCalibrations(deps: Pick<AppDeps, 'bus'>, scenarioId: number): Promise<number> {
  const stopped = (await CalibrationRequestRow.query()
    .patch({ status: 'aborted', statusMessage: MESSAGES.scenarioRan, finishedAt: new Date() })
    .where('scenarioId', scenarioId)
    .whereIn('status', ACTIVE as string[])
    .returning('*')) as unknown as CalibrationRequestRow[];
  for (const row of stopped) await publishRequest(deps, row);
  return stopped.length;
}

/** Deletes a request and its runs (a running one stops: its jobs find no row). */
export async function remove(deps: AppDeps, user: User, requestId: number): Promise<{ value: true }> {
  const { row } = await requestFor(user, requestId, 'edit');
  await CalibrationRequestRow.query().deleteById(row.id);
  await publishRequest(deps, row, { deleted: true });
  return { value: true };
}

// ─── routes 7–8: a scenario or an option from the best set ──────────────────────────────

async function bestOrRefuse(row: CalibrationRequestRow) {
  const best = await bestRunOf(row.id);
  if (!best) throw new InputError(MESSAGES.noBest);
  return best;
}

/** A copy of the calibrated scenario whose Calibration change holds the best set's changes after
 * the ones the source scenario had (editors/calibration applies them in order at run time). */
export async function createScenario(deps: AppDeps, user: User, requestId: number, name: unknown): Promise<{ scenarioID: number }> {
  const { row } = await requestFor(user, requestId, 'edit');
  const best = await bestOrRefuse(row);
  let id: number;
  try {
    ({ id } = await copyScenario(deps, user, row.scenarioId, name));
  } catch (err) {
    // the copy service names the field `value`: this call's field is `name`
    if (err instanceof InputError && err.fields?.value) throw new InputError({ name: err.fields.value });
    throw err;
  }
  const before = (await getMods(deps, user, row.scenarioId, CALIBRATION_MOD_TABLE)).at(-1)?.modificationObject as { mods?: CalibrationMod[] } | undefined;
  const mods = [...(before?.mods ?? []), ...modsOf(row.settings.parameters, best.values)];
  await replaceMods(deps, user, id, CALIBRATION_MOD_TABLE, { applyToAll: true, modificationObject: { name: `Calibration '${row.name}', run ${best.n}`, mods } });
  return { scenarioID: id };
}

/** The best set as a calibration option of the scenario's dataset: offered by the Calibration
 * editor to this user, or to every user of the dataset when an administrator saved it. */
export async function saveOption(deps: AppDeps, user: User, requestId: number, name: unknown): Promise<{ value: true; calibrationID: number }> {
  const { row, project } = await requestFor(user, requestId, 'edit');
  const text = typeof name === 'string' ? name.trim() : '';
  if (!text || text.length > 100) throw new InputError({ name: [MESSAGES.optionName] });
  if (!project.datasetId) throw new InputError(MESSAGES.noDataset);
  const best = await bestOrRefuse(row);
  const taken = await Calibration.query().where({ datasetId: project.datasetId }).whereRaw('lower(name) = lower(?)', [text]).first();
  if (taken) throw new InputError({ name: [MESSAGES.optionTaken] });
  const subbasinId = ((await deps.db('project_subbasins').where({ projectId: project.id, number: row.reach }).first('subbasinId')) as { subbasinId: number } | undefined)?.subbasinId;
  if (!subbasinId) throw new NotFoundError();
  const s = row.settings;
  const option = {
    name: text,
    description: `${s.algorithm === 'SUFI2' ? 'SUFI-2' : 'DDS'} calibration '${row.name}' of reach ${row.reach}, run ${best.n} of ${row.runsDone}.`,
    source: `calibration request ${row.id}`,
    fit: {
      objective: `${s.objective} of daily FLOW_OUT at reach ${row.reach}`,
      calibration: { period: `${s.calibrationPeriod.start}..${s.calibrationPeriod.end}`, ...fitJson(best.calibration) },
      ...(s.validationPeriod ? { validation: { period: `${s.validationPeriod.start}..${s.validationPeriod.end}`, ...fitJson(best.validation) } } : {}),
      evaluations: row.runsDone,
    },
    mods: modsOf(s.parameters, best.values),
  };
  const calibrationID = await deps.db.transaction(async (trx) => {
    // the dataset's first calibration group (its own options' group), else one for saved options
    const existing = await Calibration.query(trx).where('datasetId', project.datasetId!).orderBy('id').first();
    let groupId = existing?.groupId;
    if (!groupId) groupId = (await CalibrationGroup.query(trx).insertAndFetch({ name: 'Saved calibrations' } as never)).id;
    const c = await Calibration.query(trx).insertAndFetch({
      groupId,
      datasetId: project.datasetId!,
      name: text,
      description: option.description,
      endingSubbasinId: subbasinId,
      startingSubbasinIds: [],
      parameters: option as unknown as Record<string, unknown>,
      sortOrder: 1000,
      userId: user.isAdmin ? null : user.id,
    } as never);
    return (c as unknown as Calibration).id;
  });
  return { value: true, calibrationID };
}

// ─── route 9: CSV files ─────────────────────────────────────────────────────────────────

const csvText = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : String(v));

export async function exportFile(deps: AppDeps, user: User, requestId: number, file: string): Promise<{ name: string; text: string }> {
  if (!['runs.csv', 'best.csv', 'hydrograph.csv'].includes(file)) throw new NotFoundError(MESSAGES.notFile);
  const r = await result(deps, user, requestId);
  const params = r.parameters;
  const label = (p: RequestParameter) => `${p.variable}.${p.file}(${p.type})${p.landuses?.length ? `[${p.landuses.join('|')}]` : ''}${p.subbasins?.length ? `{${p.subbasins.join('|')}}` : ''}`;
  const lines: string[] = [];
  if (file === 'runs.csv') {
    const stats = ['NSE', 'KGE', 'PBIAS', 'RSR'] as const;
    lines.push(['n', 'iteration', ...params.map((p) => csvText(label(p))), 'objective', ...stats.map((x) => `calibration_${x}`), ...stats.map((x) => `validation_${x}`), 'error'].join(','));
    for (const run of r.runs) {
      lines.push([run.n, run.iteration, ...run.values.map(num), num(run.objective), ...stats.map((x) => num(run.calibration?.[x])), ...stats.map((x) => num(run.validation?.[x])), csvText(run.error ?? '')].join(','));
    }
  } else if (file === 'best.csv') {
    if (!r.best) throw new InputError(MESSAGES.noBest);
    lines.push('parameter,file,type,value,landuses,subbasins');
    r.best.mods.forEach((m) => lines.push([m.variable, m.file, m.type, num(m.value), csvText((m.landuses ?? []).join(' ')), (m.subbasins ?? []).join(' ')].join(',')));
  } else {
    const h = r.hydrograph;
    if (!h) throw new InputError(MESSAGES.noBest);
    lines.push('date,observed,best,lower95,upper95');
    for (let i = 0; i < h.best.length; i++) lines.push([addDays(h.firstDate, i), num(h.observed[i]), num(h.best[i]), num(h.lower?.[i]), num(h.upper?.[i])].join(','));
  }
  return { name: `calibration-${requestId}-${file}`, text: lines.join('\n') + '\n' };
}

export type { IterationSummary };
