// HRUs split across threads: subbasins are independent until routing, so each day the main
// thread fills the subbasins' weather, then it and worker threads each simulate the HRUs of a
// contiguous block of subbasins over the same SharedArrayBuffer-backed model, and the main
// thread routes once all blocks are done. Synchronisation per day through Atomics on a shared
// control block (a short spin, then Atomics.wait).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Acc } from './outputs.ts';
import type { Model, OpArrays } from './model.ts';
import type { PlantParams, Project } from './project.ts';
import { NBV } from './vars.ts';

/** Control block (Int32Array over a SharedArrayBuffer). EPOCH_SLEEPERS / DONE_SLEEPERS count the
 * threads asleep in Atomics.wait on EPOCH / on a DONE slot: a thread that changes one of those
 * wakes them (Atomics.notify, a system call and often a context switch on a busy machine) only
 * when someone sleeps there, not every day. */
export const CT = {
  EPOCH: 0, CMD: 1, JD: 2, MON: 3, PRINTING: 4, NPERIOD: 5, NYEAR: 6, MSTART: 7, EPOCH_SLEEPERS: 20, DONE_SLEEPERS: 21, DONE: 22,
} as const;
export const CMD_DAY = 1;
export const CMD_STOP = 2;
const SPIN = 2_000;

/** Blocks until ctrl[i] !== v (spinning briefly first); while asleep it is counted in
 * ctrl[sleepers]. (Sequentially consistent atomics: the changer stores ctrl[i] then reads the
 * count, the sleeper counts itself then Atomics.wait re-reads ctrl[i]: either the changer sees
 * the sleeper, or the sleeper sees the change and does not sleep.) */
export function waitChange(ctrl: Int32Array, i: number, v: number, sleepers: number): number {
  for (let k = 0; k < SPIN; k++) {
    const c = Atomics.load(ctrl, i);
    if (c !== v) return c;
  }
  for (;;) {
    Atomics.add(ctrl, sleepers, 1);
    Atomics.wait(ctrl, i, v, 100);
    Atomics.sub(ctrl, sleepers, 1);
    const c = Atomics.load(ctrl, i);
    if (c !== v) return c;
  }
}

/** Stores ctrl[i] = v and wakes the threads asleep on it, if any. */
export function storeAndWake(ctrl: Int32Array, i: number, v: number, sleepers: number): void {
  Atomics.store(ctrl, i, v);
  if (Atomics.load(ctrl, sleepers) > 0) Atomics.notify(ctrl, i);
}

/** Everything a worker needs to run its block of subbasins (structured-cloned; the typed
 * arrays are views of SharedArrayBuffers, so they are shared, not copied). */
export interface WorkerInit {
  arrays: Record<string, ArrayBufferView>;
  ops: OpArrays;
  plants: PlantParams[];
  nhru: number;
  nsub: number;
  s0: number;
  s1: number;
  project: Pick<Project, 'basin' | 'subbasins' | 'ferts' | 'tills' | 'urbans' | 'plants' | 'dir'>;
  day: Record<string, Float64Array>; // per-subbasin weather/PET arrays, outputs (sv, hv, hruAa, subWyld, subLoad)
  bv: Float64Array; // this worker's basin sums
  wanted: Uint8Array | null;
  acc: { period: Float64Array; year: Float64Array; all: Float64Array; usePeriod: boolean; useYear: boolean; agg: Int8Array } | null;
  ctrl: Int32Array;
  index: number; // DONE slot
}

/** Number of threads for a run: option, else HW_SWAT_THREADS, else 2 (if the machine has 2
 * cores) from 2,000 HRUs on
 * (below that a day's HRU work is too short for the per-day synchronisation to pay off). */
export function resolveThreads(requested: number | undefined, nhru: number, nsub: number): number {
  const env = Number(process.env.HW_SWAT_THREADS);
  let t = requested ?? (Number.isFinite(env) && env > 0 ? env : nhru >= 2000 ? Math.min(2, availableParallelism()) : 1);
  t = Math.max(1, Math.min(Math.floor(t), 8, nsub));
  return t;
}

/** Contiguous subbasin blocks with about the same number of HRUs each. */
export function partition(m: Model, threads: number): number[] {
  const bounds = [0];
  const per = m.nhru / threads;
  let next = per;
  for (let s = 0; s < m.nsub && bounds.length < threads; s++) {
    if (m.subHruEnd[s] >= next && s + 1 < m.nsub) {
      bounds.push(s + 1);
      next += per;
    }
  }
  while (bounds.length < threads) bounds.push(m.nsub);
  bounds.push(m.nsub);
  return bounds;
}

/** A worker with the process's flags, except those it refuses (--input-type of a main script
 * given with -e, process-wide V8 flags such as --expose-gc). */
function newWorker(init: WorkerInit): Worker {
  // threads-worker.js next to a precompiled threads.js (swat/build.ts), else the TypeScript source
  const url = new URL(import.meta.url.endsWith('.js') ? './threads-worker.js' : './threads-worker.ts', import.meta.url);
  const own = process.execArgv.filter((a) => !/^--(input-type|eval|print)\b|^-[ep]$/.test(a));
  try {
    return new Worker(url, own.length === process.execArgv.length ? { workerData: init } : { workerData: init, execArgv: own });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(url, { workerData: init, execArgv: [] });
  }
}

export class HruPool {
  readonly ctrl: Int32Array;
  readonly bvs: Float64Array[] = [];
  private readonly workers: Worker[] = [];
  private epoch = 0;
  private failed: string | null = null;

  private constructor(nworkers: number) {
    this.ctrl = new Int32Array(new SharedArrayBuffer(4 * (CT.DONE + nworkers)));
  }

  /** Starts workers for blocks 1..n-1 of `bounds` (block 0 is the main thread's). */
  static async start(m: Model, p: Project, bounds: number[], day: Record<string, Float64Array>, wanted: Uint8Array | null, acc: Acc | null): Promise<HruPool> {
    const nw = bounds.length - 2;
    const pool = new HruPool(nw);
    const project = {
      dir: p.dir, basin: p.basin, ferts: p.ferts, tills: p.tills, urbans: p.urbans, plants: p.plants,
      subbasins: p.subbasins.map((s) => ({ ...s, hrus: [] })),
    };
    const arrays = m.arrays();
    const plants = [...p.plants.values()];
    const ready: Promise<void>[] = [];
    for (let w = 0; w < nw; w++) {
      const bv = new Float64Array(new SharedArrayBuffer(8 * NBV));
      pool.bvs.push(bv);
      const init: WorkerInit = {
        arrays, ops: m.ops, plants, nhru: m.nhru, nsub: m.nsub, s0: bounds[w + 1], s1: bounds[w + 2], project, day, bv, wanted,
        acc: acc ? { period: acc.period, year: acc.year, all: acc.all, usePeriod: acc.usePeriod, useYear: acc.useYear, agg: acc.agg } : null,
        ctrl: pool.ctrl, index: CT.DONE + w,
      };
      const worker = newWorker(init);
      pool.workers.push(worker);
      ready.push(new Promise<void>((resolve, reject) => {
        worker.once('message', (msg: { ready?: boolean; error?: string }) => (msg.ready ? resolve() : reject(new Error(msg.error))));
        worker.once('error', reject);
      }));
      worker.on('message', (msg: { error?: string }) => {
        if (msg.error) pool.failed = msg.error;
      });
    }
    try {
      await Promise.all(ready);
    } catch (err) {
      await pool.stop();
      throw err;
    }
    return pool;
  }

  /** Releases the workers on the day described by the control block (fields set by the caller). */
  begin(): void {
    this.epoch++;
    Atomics.store(this.ctrl, CT.CMD, CMD_DAY);
    storeAndWake(this.ctrl, CT.EPOCH, this.epoch, CT.EPOCH_SLEEPERS);
  }

  /** Waits for every worker's block of the day. */
  finish(): void {
    for (let w = 0; w < this.workers.length; w++) {
      const i = CT.DONE + w;
      let v = Atomics.load(this.ctrl, i);
      while (v !== this.epoch) {
        if (v < 0) throw new Error(`HRU worker ${w + 1} failed${this.failed ? `: ${this.failed}` : ''}`);
        v = waitChange(this.ctrl, i, v, CT.DONE_SLEEPERS);
      }
    }
  }

  async stop(): Promise<void> {
    Atomics.store(this.ctrl, CT.CMD, CMD_STOP);
    Atomics.store(this.ctrl, CT.EPOCH, ++this.epoch);
    Atomics.notify(this.ctrl, CT.EPOCH);
    // workers leave their loop and exit; terminated if they do not within 2 s
    await Promise.all(this.workers.map((w) => new Promise<void>((resolve) => {
      const t = setTimeout(() => void w.terminate().then(() => resolve()), 2000);
      w.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    })));
  }
}
