// The `scenario-run` job (ARCHITECTURE 'A scenario run, end to end'): write the TxtInOut folder,
// apply the saved changes through the editors, run the SWAT version's engine, load the outputs,
// mark `hasRun`. Progress goes to the scenario row and room `scenario:{id}` about once a second.
// The run works in `run/` and replaces `TxtInOut/` (the scenario files) only when it succeeds;
// a failed run keeps `run/` as its debug files; an aborted one deletes it.
import { appendFileSync, existsSync, renameSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../../../deps.ts';
import type { Handler, JobContext } from '../../../jobs/queue.ts';
import { queueMail } from '../../../mail/job.ts';
import { clearCustomOutputs } from '../../custom-outputs/service.ts';
import { stopCalibrations } from '../../calibration-runs/service.ts';
import { editorServers } from '../mods.ts';
import { ClimateChangeScenario, Scenario, ScenarioModification, SwatVersion, type RunSummary } from '../models.ts';
import { isoDate, scenarioDir, type RunJob } from '../service.ts';
import { RUN_ERROR_MESSAGE, reportScenarioProgress } from '../status.ts';
import { applyChanges, assembleScenario, formatScenarioInputs } from './build.ts';
import { startWritingInputs, type InputFilesWrite } from './inputs-files.ts';
import { applyClimateChange, climateNoDataMessage, factorsOf } from './climate-change.ts';
import { EDITOR_TABLES_FILE, writeEditorTables } from './editor-tables.ts';
import { RunAborted, executablePath, isBuiltin, runBuiltin, runExecutable, runLogPath, type EngineResult } from './engines.ts';
import { RunOutputCollector, loadOutputs, loadRunOutputs, warmOutputParsing } from './outputs.ts';

export const FINISHED_MESSAGE = 'Scenario run completed.';

/** Folders of a scenario: the files of its last successful run, and the run in progress (or failed). */
export function scenarioFolders(deps: Pick<AppDeps, 'config'>, id: number): { root: string; files: string; run: string } {
  const root = scenarioDir(deps, id);
  return { root, files: join(root, 'TxtInOut'), run: join(root, 'run') };
}

/** Throttled progress and abort checks: the engine reports often, the database hears once a
 * second. Reports go out one at a time and never backwards (a slow write must not let an older
 * percent arrive after a newer one). */
class RunMonitor {
  private last = 0;
  private published = -1;
  private pending: { percent: number; message: string } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  aborted = false;
  private readonly deps: AppDeps;
  private readonly id: number;
  constructor(deps: AppDeps, id: number) {
    this.deps = deps;
    this.id = id;
  }
  start(): void {
    this.timer = setInterval(() => void this.flush(), 1000);
    this.timer.unref();
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.pending = null;
  }
  progress(percent: number, message: string): void {
    this.pending = { percent, message };
  }
  private publish(percent: number, message: string): Promise<void> {
    this.chain = this.chain.then(async () => {
      const p = Math.round(percent);
      if (p < this.published) return;
      this.published = p;
      await reportScenarioProgress(this.deps, this.id, p, message);
    });
    return this.chain;
  }
  settled(): Promise<void> {
    return this.chain;
  }
  async now(percent: number, message: string): Promise<void> {
    this.pending = null;
    await this.publish(percent, message);
    await this.check();
  }
  async check(): Promise<void> {
    const s = await Scenario.query().findById(this.id).select('abortRequested');
    if (!s || s.abortRequested) this.aborted = true;
    if (this.aborted) throw new RunAborted();
  }
  private async flush(): Promise<void> {
    if (Date.now() - this.last < 900) return;
    this.last = Date.now();
    try {
      const s = await Scenario.query().findById(this.id).select('abortRequested');
      if (!s || s.abortRequested) this.aborted = true;
      const p = this.pending;
      this.pending = null;
      if (p && !this.aborted) await this.publish(p.percent, p.message);
    } catch {
      /* the next tick tries again */
    }
  }
}

async function runScenario(deps: AppDeps, job: JobContext<RunJob>): Promise<void> {
  const id = job.data.scenarioId;
  const scenario = await Scenario.query().findById(id);
  if (!scenario || !scenario.isRunning) return; // deleted, or aborted while queued
  const folders = scenarioFolders(deps, id);
  const monitor = new RunMonitor(deps, id);
  const started = Date.now();
  const log = (line: string) => appendFileSync(runLogPath(folders.run), `${new Date().toISOString()} ${line}\n`);
  let writing: InputFilesWrite | null = null;
  let collector: RunOutputCollector | null = null;
  try {
    await monitor.check();
    rmSync(folders.run, { recursive: true, force: true });
    mkdirSync(folders.run, { recursive: true });
    await monitor.now(2, 'Writing SWAT input files...');
    const settings = scenario.runSettings ?? {};
    const t0 = performance.now();
    const built = await assembleScenario(deps.db, scenario);
    const mods = await ScenarioModification.query().where('scenarioId', id).orderBy('id');
    // the chosen climate-change scenario changes the weather before the editors' changes
    // (climate sensitivity's RFINC/TMPINC then act on top of it, as in SWAT)
    if (scenario.climateChangeScenarioId) {
      const climate = await ClimateChangeScenario.query().findById(scenario.climateChangeScenarioId);
      const factors = climate ? factorsOf(climate) : null;
      if (!climate || !factors) throw new Error(climateNoDataMessage(climate?.name ?? String(scenario.climateChangeScenarioId)));
      const changed = applyClimateChange(built.project, factors);
      log(`climate change '${climate.name}': ${changed.pcp} precipitation and ${changed.tmp} temperature values changed by its monthly factors`);
    }
    const { applied, unapplied } = await applyChanges(built, mods, editorServers(deps));
    // the engine reads the formatted texts; the folder is written meanwhile (inputs-files.ts)
    const inputFiles = formatScenarioInputs(built);
    writing = startWritingInputs(inputFiles, folders.run);
    const writeSeconds = (performance.now() - t0) / 1000;
    const hrus = built.project.subbasins.reduce((a, s) => a + s.hrus.length, 0);
    log(`inputs formatted: ${built.project.subbasins.length} subbasins, ${hrus} HRUs, ${inputFiles.size} files in ${writeSeconds.toFixed(2)} s (written to the folder alongside)`);
    if (applied.length) log(`changes applied: ${applied.join(', ')}`);
    if (unapplied.length) log(`WARNING: changes not applied (no editor installed for their table): ${unapplied.join(', ')}`);
    if (settings.writeSwatEditor) {
      // 'Create SWAT Editor input tables': the inputs just written, as SWAT Editor's tables
      await monitor.now(8, 'Writing SWAT Editor input tables...');
      const t1 = performance.now();
      const labels = new Map(built.index.map((x) => [x.number, x.hrus]));
      const rows = writeEditorTables(built.project, join(folders.run, EDITOR_TABLES_FILE), (sub, hru) => {
        const h = labels.get(sub)?.[hru - 1];
        return h && { landuse: h.landuse, soil: h.soil, slopeClass: h.slopeClass };
      });
      log(`SWAT Editor input tables written (${EDITOR_TABLES_FILE}, ${Object.entries(rows).map(([t, n]) => `${t} ${n}`).join(', ')}) in ${((performance.now() - t1) / 1000).toFixed(2)} s`);
    }
    await monitor.now(10, 'SWAT input files written.');

    const start = isoDate(scenario.startingSimulationDate)!;
    const end = isoDate(scenario.endingSimulationDate)!;
    const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
    let engine: EngineResult | null = null;
    if (!settings.noModelRun) {
      const version = scenario.swatVersionId ? await SwatVersion.query().findById(scenario.swatVersionId) : undefined;
      if (!version) throw new Error('The SWAT version of this scenario no longer exists.');
      if (version.isDisabled) throw new Error(`The SWAT version '${version.name}' is disabled.`);
      monitor.start();
      const run = {
        dir: folders.run,
        onProgress: (pct: number, msg: string) => monitor.progress(10 + pct * 0.75, msg),
        shouldStop: () => monitor.aborted,
        timeoutSeconds: deps.config.runTimeoutSeconds,
      };
      log(`running ${version.name}`);
      // an executable reads the folder: it runs once every file is there
      if (!isBuiltin(version.releaseFileName)) await writing.done;
      // the built-in engine's outputs are parsed from its text as it writes them
      const cio = [...inputFiles].find(([name]) => name.toLowerCase() === 'file.cio')?.[1];
      collector = isBuiltin(version.releaseFileName) && !settings.noOutputProcessing ? new RunOutputCollector(cio) : null;
      // an executable's output files are parsed after it: the parsing threads start meanwhile
      if (!isBuiltin(version.releaseFileName) && !settings.noOutputProcessing) warmOutputParsing();
      engine = isBuiltin(version.releaseFileName)
        ? await runBuiltin({ ...run, files: inputFiles, ...(collector ? { onOutputText: collector.onText } : {}) })
        : await runExecutable(run, executablePath(deps.config.swatExecutablesDir, version.releaseFileName), Number(end.slice(0, 4)) - Number(start.slice(0, 4)) + 1, hrus, days);
      monitor.stop();
      writeFileSync(join(folders.run, 'headwater-engine.log'), engine.log);
      log(`model run: ${engine.seconds.toFixed(2)} s (${Math.round(engine.hruDaysPerSecond).toLocaleString('en-US')} HRU-days/s)`);
    }

    // the folder complete before anything reads it (outputs read file.cio; the download, the debug files)
    const filesSeconds = await writing.done;
    log(`input files on disk ${filesSeconds.toFixed(2)} s after formatting`);

    let load = { rows: 0, parseSeconds: 0, loadSeconds: 0 };
    if (!settings.noModelRun && !settings.noOutputProcessing) {
      await monitor.now(85, 'Processing outputs...');
      const progress = async (f: number, message: string) => {
        await monitor.now(85 + f * 14, message);
      };
      let source = 'the output files';
      if (collector) {
        try {
          load = await loadRunOutputs(deps.db, id, collector, progress);
          source = "the engine's text as it ran";
        } catch (err) {
          // the written files hold the same text: read them instead
          log(`WARNING: outputs parsed during the run could not be loaded (${err instanceof Error ? err.message : String(err)}); reading the output files`);
          collector.dispose();
          load = await loadOutputs(deps.db, id, folders.run, progress);
        }
        collector = null;
      } else load = await loadOutputs(deps.db, id, folders.run, progress);
      log(`outputs loaded: ${load.rows} rows parsed from ${source} (parse ${load.parseSeconds.toFixed(2)} s, load ${load.loadSeconds.toFixed(2)} s)`);
    } else {
      await deps.db('scenario_output_series').where('scenarioId', id).delete();
      await deps.db('scenario_output_sets').where('scenarioId', id).delete();
    }
    await monitor.check();

    // the run becomes the scenario's files; requests made from the old outputs go with them, and
    // calibrations still running on the old inputs stop
    await clearCustomOutputs(deps, id);
    await stopCalibrations(deps, id);
    rmSync(folders.files, { recursive: true, force: true });
    renameSync(folders.run, folders.files);
    const runtime = (Date.now() - started) / 1000;
    const summary: RunSummary = {
      hrus,
      subbasins: built.project.subbasins.length,
      days,
      engineSeconds: engine?.seconds ?? 0,
      hruDaysPerSecond: engine?.hruDaysPerSecond ?? 0,
      outputRows: load.rows,
      loadSeconds: load.loadSeconds,
      parseSeconds: load.parseSeconds,
      writeSeconds,
      filesSeconds,
    };
    monitor.stop();
    await monitor.settled();
    await reportScenarioProgress(deps, id, 100, FINISHED_MESSAGE, {
      isRunning: false,
      hasRun: true,
      hasError: false,
      abortRequested: false,
      hasFiles: true,
      hasDebugFiles: false,
      lastRunDate: new Date(),
      runtime,
      runSummary: summary,
      pathName: `scenarios/${id}/TxtInOut`,
    });
    if (settings.sendEmailNotification) await notifyByMail(deps, id, `finished in ${Math.round(runtime)} seconds`).catch(() => {});
  } catch (err) {
    monitor.stop();
    await monitor.settled().catch(() => {});
    collector?.dispose();
    // no file may land in the folder after it is removed or zipped as debug files
    await writing?.done.catch(() => {});
    const still = await Scenario.query().findById(id);
    if (!still) {
      rmSync(folders.root, { recursive: true, force: true }); // deleted meanwhile
      return;
    }
    if (err instanceof RunAborted || monitor.aborted) {
      rmSync(folders.run, { recursive: true, force: true });
      await reportScenarioProgress(deps, id, 0, '', { isRunning: false, abortRequested: false, hasError: false });
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    deps.log.error({ err, scenarioId: id }, 'scenario run failed');
    if (existsSync(folders.run)) {
      try {
        log(`ERROR: ${err instanceof Error ? (err.stack ?? message) : message}`);
      } catch {
        /* the folder may be gone */
      }
    }
    await reportScenarioProgress(deps, id, 100, RUN_ERROR_MESSAGE, {
      isRunning: false,
      hasError: true,
      abortRequested: false,
      exceptionMessage: message,
      hasDebugFiles: existsSync(folders.run),
    });
    if (scenario.runSettings?.sendEmailNotification) await notifyByMail(deps, id, `stopped with an error: ${message}`).catch(() => {});
  }
}

async function notifyByMail(deps: AppDeps, id: number, what: string): Promise<void> {
  // the one who started the run asked for the mail (a group member running a shared project), else the owner
  const row = (await deps.db('scenarios as s').join('projects as p', 'p.id', 's.projectId').join('users as u', (j) => j.on('u.id', '=', deps.db.raw('coalesce(s.run_user_id, p.user_id)'))).where('s.id', id).first('s.name', 's.projectId', 'p.name as projectName', 'u.email')) as
    | { name: string; projectId: number; projectName: string; email: string }
    | undefined;
  if (!row?.email) return;
  const url = `${deps.config.publicUrl}/projects/${row.projectId}/scenarios/${id}`;
  await queueMail(deps, { to: row.email, subject: `Scenario ${row.name} ${what.startsWith('finished') ? 'finished' : 'failed'}`, text: `Your scenario "${row.name}" of project "${row.projectName}" ${what}.\n\n${url}\n` });
}

/** Advisory-lock class of scenario runs (the scenario id is the lock's second key). */
const RUN_LOCK_CLASS = 7301;

/** One attempt at a time per scenario. A worker starved of CPU can miss the queue's lock renewal
 * while it still runs; the queue then hands the job to a second worker, and two attempts would
 * share the run folder. The second waits on a PostgreSQL advisory lock, held by a transaction
 * that ends with the first attempt (or with its connection, when its process dies); by then the
 * scenario is no longer running and the second attempt returns. PGlite is one process with the
 * in-process queue, which runs a job once: no lock needed (and its one connection must stay free). */
async function oneAttemptAtATime(deps: AppDeps, scenarioId: number, run: () => Promise<void>): Promise<void> {
  if (!deps.config.databaseUrl) return run();
  const trx = await deps.db.transaction();
  try {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [RUN_LOCK_CLASS, scenarioId]);
    await run();
  } finally {
    await trx.commit().catch(() => {}); // nothing was written in it: ending it frees the lock
  }
}

export function scenarioProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return { 'scenario-run': ((job: JobContext<RunJob>) => oneAttemptAtATime(deps, job.data.scenarioId, () => runScenario(deps, job))) as Handler<unknown, unknown> };
}
