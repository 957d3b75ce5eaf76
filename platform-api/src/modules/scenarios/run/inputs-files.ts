// The run's input files on disk. The texts are formatted in memory first (formatTxtInOut); the
// built-in engine reads those texts while a worker thread writes them into the run folder (some
// 15,000 small files for 2,500 HRUs: seconds of file creation on a shared disk, which the engine
// need not wait for). Whatever needs the folder itself — an administrator's SWAT executable, the
// scenario files download, a failed run's debug files — waits for `done` first: the folder then
// holds exactly the texts the engine simulated.
import { Worker } from 'node:worker_threads';
import { writeTxtInOutFiles } from '@headwater/swat/txtinout/index.ts';

export type InputFilesWrite = {
  /** resolves once every file is on disk (seconds from the start of the write); rejects on a write error */
  done: Promise<number>;
};

/** Fewer files than this are written at once in this thread (a worker's start costs more). */
const WORKER_MIN_FILES = 2000;

/** Starts writing `files` (name → text) into `dir` in a worker thread; in this thread for a small
 * project or when no worker can start. `threads` forces the worker thread on or off. */
export function startWritingInputs(files: Map<string, string>, dir: string, opts: { threads?: boolean } = {}): InputFilesWrite {
  const t0 = performance.now();
  const seconds = () => (performance.now() - t0) / 1000;
  const here = () => writeTxtInOutFiles(files, dir).then(seconds);
  if (opts.threads === false || (opts.threads === undefined && files.size < WORKER_MIN_FILES)) {
    const done = here();
    done.catch(() => {});
    return { done };
  }
  const done = new Promise<number>((resolve, reject) => {
    let worker: Worker;
    try {
      const url = new URL(import.meta.url.endsWith('.js') ? './inputs-files-worker.js' : './inputs-files-worker.ts', import.meta.url);
      // the worker needs none of the process's flags (some, e.g. --input-type, it refuses)
      worker = new Worker(url, { workerData: { dir, names: [...files.keys()], texts: [...files.values()] }, execArgv: [] });
    } catch {
      here().then(resolve, reject);
      return;
    }
    let settled = false;
    worker.once('message', (m: { error?: string }) => {
      settled = true;
      if (m.error !== undefined) reject(new Error(`Writing the SWAT input files failed: ${m.error}`));
      else resolve(seconds());
    });
    // a worker that could not run (its module failed to load): write here instead
    const fallback = () => {
      if (settled) return;
      settled = true;
      here().then(resolve, reject);
    };
    worker.once('error', fallback);
    worker.once('exit', fallback);
  });
  // a run that fails before awaiting `done` must not leave an unhandled rejection
  done.catch(() => {});
  return { done };
}
