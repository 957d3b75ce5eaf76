// The model a SWAT version names: the built-in engine (`builtin:headwater`), or a SWAT executable
// an administrator placed in SWAT_EXECUTABLES_DIR, run in the TxtInOut folder exactly as SWAT is
// run by hand. Both report progress by simulated year and stop when `shouldStop()` says so.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { runSimulation } from '@headwater/swat/engine/index.ts';

export class RunAborted extends Error {
  constructor() {
    super('The run was aborted.');
  }
}

export type EngineRun = {
  dir: string;
  /** engine progress 0–100 and its message */
  onProgress: (percent: number, message: string) => void;
  /** polled during the run; true stops it (RunAborted) */
  shouldStop: () => boolean;
  timeoutSeconds: number;
  /** the folder's input files in memory (formatTxtInOut): the built-in engine reads these
   * instead of the disk, where they may still be being written */
  files?: Map<string, string>;
  /** receives the built-in engine's output.rch/.sub/.hru text as it is written (output loading) */
  onOutputText?: (kind: 'rch' | 'sub' | 'hru', text: string) => void;
};
export type EngineResult = { seconds: number; hruDaysPerSecond: number; hrus: number; days: number; log: string };

export const BUILTIN_PREFIX = 'builtin:';

export function isBuiltin(releaseFileName: string): boolean {
  return releaseFileName.startsWith(BUILTIN_PREFIX);
}

/** The executable a version names, inside the executables folder (never outside it). */
export function executablePath(dir: string, releaseFileName: string): string {
  const root = resolve(dir);
  const path = resolve(root, releaseFileName);
  if (!path.startsWith(root + sep)) throw new Error(`The SWAT executable '${releaseFileName}' is outside the executables folder.`);
  if (!existsSync(path)) throw new Error(`The SWAT executable '${releaseFileName}' is not on the server (${root}).`);
  accessSync(path, constants.X_OK);
  return path;
}

export async function runBuiltin(run: EngineRun): Promise<EngineResult> {
  const started = performance.now();
  let stopped = false;
  const summary = await runSimulation(run.dir, {
    ...(run.files ? { files: run.files } : {}),
    ...(run.onOutputText ? { onOutputText: run.onOutputText } : {}),
    onProgress: (pct, msg) => {
      if (!stopped && (run.shouldStop() || (performance.now() - started) / 1000 > run.timeoutSeconds)) {
        stopped = true;
        throw (performance.now() - started) / 1000 > run.timeoutSeconds ? new Error(`The run took longer than ${run.timeoutSeconds} seconds and was stopped.`) : new RunAborted();
      }
      run.onProgress(pct, msg);
    },
  });
  return { seconds: summary.seconds, hruDaysPerSecond: summary.hruDaysPerSecond, hrus: summary.hrus, days: summary.days, log: `Execution successfully completed: ${summary.hrus} HRUs, ${summary.years} years in ${summary.seconds.toFixed(2)} s\n` };
}

/** Runs a SWAT executable in the folder; progress from its "Executing year N" lines. */
export async function runExecutable(run: EngineRun, exe: string, years: number, hrus: number, days: number): Promise<EngineResult> {
  const started = performance.now();
  return new Promise<EngineResult>((resolvePromise, reject) => {
    const child = spawn(exe, [], { cwd: run.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    let failure: Error | null = null;
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      log = (log + text).slice(-200_000);
      const m = /Executing year\s+(\d+)/g;
      let last: RegExpExecArray | null = null;
      for (let x = m.exec(text); x; x = m.exec(text)) last = x;
      if (last) run.onProgress(Math.min(99, Math.round((100 * (Number(last[1]) - 1)) / Math.max(1, years))), `Executing year ${last[1]}`);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const poll = setInterval(() => {
      if (run.shouldStop()) failure = new RunAborted();
      else if ((performance.now() - started) / 1000 > run.timeoutSeconds) failure = new Error(`The run took longer than ${run.timeoutSeconds} seconds and was stopped.`);
      if (failure) child.kill('SIGKILL');
    }, 1000);
    child.on('error', (err) => {
      clearInterval(poll);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearInterval(poll);
      if (failure) return reject(failure);
      const ok = code === 0 || /Execution successfully completed/i.test(log);
      if (!ok) return reject(new Error(`SWAT stopped (${signal ?? `exit code ${code}`}). Last output:\n${log.split(/\r?\n/).slice(-25).join('\n')}`));
      const seconds = (performance.now() - started) / 1000;
      resolvePromise({ seconds, hruDaysPerSecond: (hrus * days) / Math.max(seconds, 1e-9), hrus, days, log });
    });
  });
}

export function runLogPath(dir: string): string {
  return join(dir, 'headwater-run.log');
}
