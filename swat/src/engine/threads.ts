// HRUs split across threads. Subbasins are independent until routing, and nothing the main
// thread's routing does reaches an HRU (except reservoir seepage and land-use updates, see
// `leadOf`), so a worker thread simulates its block of subbasins day after day up to SLOTS−1 days
// ahead of the main thread, which meanwhile simulates its own block, routes and writes. Days
// pass through a ring of SLOTS day slots in SharedArrayBuffers: the main thread fills a slot's
// weather (and its control row), each thread adds its HRUs' outputs to the slot's subbasin sums
// and its own basin sums, and the main thread, once every block of the day is done, routes the
// day from the slot and clears it for the day SLOTS later. Synchronisation by counters in an
// Int32Array (a short spin, then Atomics.wait) — a thread sleeps only when it has caught up,
// not once a day.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SimulationError } from './guard.ts';
import type { BlockDay } from './hru.ts';
import type { Acc } from './outputs.ts';
import type { Model, OpArrays } from './model.ts';
import type { PlantParams, Project } from './project.ts';
import { NBV, NC, NSV } from './vars.ts';

/** Day slots in the ring (a worker runs at most SLOTS − 1 days ahead of the main thread). */
export const SLOTS = 16;

/** Counters (Int32Array over a SharedArrayBuffer), counted in days from the first simulated day. */
export const CT = {
  /** days whose weather and control row the main thread has published */
  WEATHER: 0,
  /** days the main thread has routed and written (their slots are free again) */
  CONSUMED: 1,
  /** 1: the workers leave their loop */
  STOP: 2,
  /** threads asleep in Atomics.wait on WEATHER / CONSUMED / a DONE counter: whoever changes one
   * of those wakes them (Atomics.notify, a system call) only when someone sleeps there */
  WEATHER_SLEEPERS: 3,
  CONSUMED_SLEEPERS: 4,
  DONE_SLEEPERS: 5,
  /** DONE + w: days worker w has simulated; −1 when it failed */
  DONE: 8,
} as const;

/** A day's control row (Int32Array, ROW.SIZE per slot). */
export const ROW = {
  JD: 0, MON: 1, PRINTING: 2, YEAR_INDEX: 3, YEAR: 4, YEAR_START: 5, YEAR_END: 6, D1: 7, NPERIOD: 8, NYEAR: 9, MSTART: 10, SIZE: 24,
} as const;

/** Writes `day` (and the accumulators' day counts) into the control row of slot k. */
function writeDayRow(rows: Int32Array, k: number, day: BlockDay, acc: Pick<Acc, 'nPeriod' | 'nYear'> | null): void {
  const r = k * ROW.SIZE;
  rows[r + ROW.JD] = day.jd;
  rows[r + ROW.MON] = day.mon;
  rows[r + ROW.PRINTING] = day.printing ? 1 : 0;
  rows[r + ROW.YEAR_INDEX] = day.yearIndex;
  rows[r + ROW.YEAR] = day.year;
  rows[r + ROW.YEAR_START] = day.yearStart ? 1 : 0;
  rows[r + ROW.YEAR_END] = day.yearEnd ? 1 : 0;
  rows[r + ROW.D1] = day.d1;
  for (let i = 0; i < 13; i++) rows[r + ROW.MSTART + i] = day.mstart[i]!;
  rows[r + ROW.NPERIOD] = acc ? acc.nPeriod : 0;
  rows[r + ROW.NYEAR] = acc ? acc.nYear : 0;
}

/** Reads the control row of slot k into `day` (its mstart array refilled) and `acc`'s day counts. */
export function readDayRow(rows: Int32Array, k: number, day: BlockDay, acc: Pick<Acc, 'nPeriod' | 'nYear'> | null): void {
  const r = k * ROW.SIZE;
  day.jd = rows[r + ROW.JD]!;
  day.mon = rows[r + ROW.MON]!;
  day.printing = rows[r + ROW.PRINTING] === 1;
  day.yearIndex = rows[r + ROW.YEAR_INDEX]!;
  day.year = rows[r + ROW.YEAR]!;
  day.yearStart = rows[r + ROW.YEAR_START] === 1;
  day.yearEnd = rows[r + ROW.YEAR_END] === 1;
  day.d1 = rows[r + ROW.D1]!;
  for (let i = 0; i < 13; i++) day.mstart[i] = rows[r + ROW.MSTART + i]!;
  if (acc) {
    acc.nPeriod = rows[r + ROW.NPERIOD]!;
    acc.nYear = rows[r + ROW.NYEAR]!;
  }
}

/** Per-subbasin arrays of a day slot: the day's weather and PET terms (filled by the main
 * thread), the subbasin water yield (m³) the HRUs add to. */
export const SUB_ARRAYS = [
  'sPcp', 'sTmx', 'sTmn', 'sTav', 'sSlr', 'sDayl', 'sWnd', 'sPetNoSnow', 'sPetSnow', 'sVpd', 'sDlt', 'sGma', 'sXl', 'sRho', 'sRout', 'subWyld',
] as const;
type SubArray = (typeof SUB_ARRAYS)[number];

/** One day's slot: weather in, HRU sums out (subLoad: nsub × NC, sv: nsub × NSV, bvs[t]: the
 * basin sums of thread t's block; svRows, wyldRows, loadRows: one row per HRU of a subbasin
 * split between threads that is not in the block of the subbasin's first HRU, see `splitRows`). */
export type DaySlot = Record<SubArray, Float64Array> & {
  subLoad: Float64Array; sv: Float64Array; bvs: Float64Array[]; svRows: Float64Array; wyldRows: Float64Array; loadRows: Float64Array;
};

/** The ring's buffers (one array per quantity, SLOTS days long): what a worker is given. */
export type SlotBuffers = Record<string, Float64Array>;

/** Buffers for `slots` days of `nsub` subbasins and `threads` blocks (shared between threads
 * when `shared`). */
export function slotBuffers(slots: number, nsub: number, threads: number, shared: boolean, rows = 0): SlotBuffers {
  const mk = (len: number) => (shared ? new Float64Array(new SharedArrayBuffer(8 * len)) : new Float64Array(len));
  const out: SlotBuffers = {};
  for (const k of SUB_ARRAYS) out[k] = mk(slots * nsub);
  out.subLoad = mk(slots * nsub * NC);
  out.sv = mk(slots * nsub * NSV);
  out.bv = mk(slots * threads * NBV);
  out.svRows = mk(slots * rows * NSV);
  out.wyldRows = mk(slots * rows);
  out.loadRows = mk(slots * rows * NC);
  return out;
}

/** Views of each day slot over the ring's buffers. */
export function slotViews(buf: SlotBuffers, slots: number, nsub: number, threads: number): DaySlot[] {
  const out: DaySlot[] = [];
  const rows = buf.wyldRows!.length / slots;
  for (let k = 0; k < slots; k++) {
    const s = {} as DaySlot;
    for (const a of SUB_ARRAYS) s[a] = buf[a]!.subarray(k * nsub, (k + 1) * nsub);
    s.subLoad = buf.subLoad!.subarray(k * nsub * NC, (k + 1) * nsub * NC);
    s.sv = buf.sv!.subarray(k * nsub * NSV, (k + 1) * nsub * NSV);
    s.bvs = Array.from({ length: threads }, (_, t) => buf.bv!.subarray((k * threads + t) * NBV, (k * threads + t + 1) * NBV));
    s.svRows = buf.svRows!.subarray(k * rows * NSV, (k + 1) * rows * NSV);
    s.wyldRows = buf.wyldRows!.subarray(k * rows, (k + 1) * rows);
    s.loadRows = buf.loadRows!.subarray(k * rows * NC, (k + 1) * rows * NC);
    out.push(s);
  }
  return out;
}

/** Everything a worker needs to run its block of subbasins (structured-cloned; the typed
 * arrays are views of SharedArrayBuffers, so they are shared, not copied). */
export interface WorkerInit {
  arrays: Record<string, ArrayBufferView>;
  ops: OpArrays;
  plants: PlantParams[];
  nhru: number;
  nsub: number;
  /** this worker's block: HRUs h0…h1−1, of the partition `bounds` */
  h0: number;
  h1: number;
  bounds: number[];
  project: Pick<Project, 'basin' | 'subbasins' | 'ferts' | 'tills' | 'urbans' | 'plants' | 'dir' | 'control' | 'atmo'>;
  slots: SlotBuffers;
  threads: number;
  hruAa: Float64Array;
  wanted: Uint8Array | null;
  acc: { period: Float64Array; year: Float64Array; all: Float64Array; usePeriod: boolean; useYear: boolean; agg: Int8Array } | null;
  ctrl: Int32Array;
  rows: Int32Array;
  /** this worker's number (1…): its DONE counter is CT.DONE + index − 1, its basin sums bvs[index] */
  index: number;
  days: number;
  lead: number;
}

/** HRU-days from which a run uses a second thread by default. A worker repeats the JIT warm-up
 * and competes with V8's compiler threads, so on 2 cores LREW (134 HRUs × 13 years, 636,000
 * HRU-days) is as fast on 2 threads as on 1 (0.94–1.03 s against 0.94–0.99 s, whole process);
 * 1,000 HRUs × 5 years (1.8 million) is 1.28× faster, 3,000 × 5 years 1.68× (measured 2026-11-28). */
export const THREADS_MIN_HRU_DAYS = 1_000_000;

/** Number of threads for a run: option, else HW_SWAT_THREADS, else 2 (if the machine has 2
 * cores) from THREADS_MIN_HRU_DAYS on; never more than 8 or than HRUs. */
export function resolveThreads(requested: number | undefined, nhru: number, days: number): number {
  const env = Number(process.env.HW_SWAT_THREADS);
  let t = requested ?? (Number.isFinite(env) && env > 0 ? env : nhru * days >= THREADS_MIN_HRU_DAYS ? Math.min(2, availableParallelism()) : 1);
  t = Math.max(1, Math.min(Math.floor(t), 8, nhru));
  return t;
}

/** Contiguous blocks of HRUs, one per thread (bounds[t]…bounds[t+1]−1): the same number of HRUs
 * each, a subbasin possibly split between two blocks (its sums stay those of one thread, see
 * `splitRows`). */
export function partition(m: Model, threads: number): number[] {
  const bounds = [0];
  for (let t = 1; t < threads; t++) bounds.push(Math.round((m.nhru * t) / threads));
  bounds.push(m.nhru);
  return bounds;
}

/** The HRUs whose subbasin sums cannot go straight into the subbasin's: those of a subbasin that
 * started in an earlier block. Each gets a row of its own in the day slot (`rowOf[h]`, −1 for the
 * others), which the main thread adds to the subbasin's sums in HRU order once every block of the
 * day is done — so the sums are added in the order one thread adds them, and the outputs are
 * those of one thread, bit for bit. `order`: those HRUs, ascending. */
export function splitRows(m: Model, bounds: number[]): { rowOf: Int32Array; order: Int32Array } {
  const rowOf = new Int32Array(m.nhru).fill(-1);
  const order: number[] = [];
  for (let t = 1; t + 1 < bounds.length; t++) {
    const h0 = bounds[t]!;
    for (let h = h0; h < bounds[t + 1]! && m.subHruBegin[m.hruSub[h]!]! < h0; h++) {
      rowOf[h] = order.length;
      order.push(h);
    }
  }
  return { rowOf, order: Int32Array.from(order) };
}

/** How many days a worker may run ahead of the main thread: SLOTS − 1, or 0 (lock step: a day
 * starts once the previous one is routed and written) when the main thread changes HRUs between
 * days — land-use updates, reservoir seepage into the subbasin's aquifers — or reads a worker's
 * HRU accumulators (output.hru rows of HRUs in a worker's block). */
export function leadOf(p: Project, m: Model, bounds: number[], wanted: Uint8Array | null): number {
  if (p.lup?.length) return 0;
  if (p.fig.some((c) => c.kind === 'routres')) return 0;
  if (wanted) {
    for (let h = bounds[1]!; h < m.nhru; h++) if (wanted[h] === 1) return 0;
  }
  return SLOTS - 1;
}

/** Waits until ctrl[i] ≥ target (true), or ctrl[i] < 0 / ctrl[CT.STOP] set (false); spins
 * briefly first, then sleeps counted in ctrl[sleepers]. (Sequentially consistent atomics: the
 * changer stores ctrl[i] then reads the count, the sleeper counts itself then Atomics.wait
 * re-reads ctrl[i]: either the changer sees the sleeper, or the sleeper sees the change.) */
export function waitAtLeast(ctrl: Int32Array, i: number, target: number, sleepers: number): boolean {
  for (let k = 0; k < SPIN; k++) {
    const c = Atomics.load(ctrl, i);
    if (c >= target) return true;
    if (c < 0) return false;
  }
  for (;;) {
    const c = Atomics.load(ctrl, i);
    if (c >= target) return true;
    if (c < 0 || Atomics.load(ctrl, CT.STOP) === 1) return false;
    Atomics.add(ctrl, sleepers, 1);
    Atomics.wait(ctrl, i, c, 100);
    Atomics.sub(ctrl, sleepers, 1);
  }
}
const SPIN = 2_000;

/** Stores ctrl[i] = v and wakes the threads asleep on it, if any. */
export function storeAndWake(ctrl: Int32Array, i: number, v: number, sleepers: number): void {
  Atomics.store(ctrl, i, v);
  if (Atomics.load(ctrl, sleepers) > 0) Atomics.notify(ctrl, i);
}

/** A worker with the process's flags, except those it refuses (--input-type of a main script
 * given with -e, process-wide V8 flags such as --expose-gc). It loads its modules at once and
 * then waits for its WorkerInit message. */
function newWorker(): Worker {
  // threads-worker.js next to a precompiled threads.js (swat/build.ts), else the TypeScript source
  const url = new URL(import.meta.url.endsWith('.js') ? './threads-worker.js' : './threads-worker.ts', import.meta.url);
  const own = process.execArgv.filter((a) => !/^--(input-type|eval|print)\b|^-[ep]$/.test(a));
  try {
    return new Worker(url, own.length === process.execArgv.length ? {} : { execArgv: own });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(url, { execArgv: [] });
  }
}

export class HruPool {
  readonly ctrl: Int32Array;
  private readonly rows: Int32Array;
  private readonly workers: Worker[] = [];
  /** resolved when each worker has exited */
  private readonly exited: Promise<void>[] = [];
  private failed: { error: string; simulation?: boolean } | null = null;

  private constructor(nworkers: number) {
    this.ctrl = new Int32Array(new SharedArrayBuffer(4 * (CT.DONE + nworkers)));
    this.rows = new Int32Array(new SharedArrayBuffer(4 * SLOTS * ROW.SIZE));
    // the workers start loading their modules now, while the main thread builds the model
    for (let w = 0; w < nworkers; w++) {
      const worker = newWorker();
      this.exited.push(new Promise<void>((resolve) => worker.once('exit', () => resolve())));
      worker.on('error', (err) => {
        this.failed ??= { error: err instanceof Error ? err.message : String(err) };
      });
      this.workers.push(worker);
    }
  }

  /** Workers for the blocks 1…threads−1 (block 0 is the main thread's), started at once; `start`
   * gives them their blocks. */
  static spawn(threads: number): HruPool {
    return new HruPool(threads - 1);
  }

  /** Gives the workers their blocks 1..n-1 of `bounds` and the shared arrays; resolves when they
   * are ready for the first day. */
  async start(m: Model, p: Project, bounds: number[], slots: SlotBuffers, hruAa: Float64Array, wanted: Uint8Array | null, acc: Acc | null,
    days: number, lead: number): Promise<void> {
    const nw = bounds.length - 2;
    if (nw !== this.workers.length) throw new Error(`HRU pool: ${nw} blocks for ${this.workers.length} workers`);
    const pool = this;
    this.started = true;
    const project = {
      dir: p.dir, basin: p.basin, ferts: p.ferts, tills: p.tills, urbans: p.urbans, plants: p.plants, control: p.control, atmo: p.atmo,
      subbasins: p.subbasins.map((s) => ({ ...s, hrus: [] })),
    };
    const arrays = m.arrays();
    const plants = [...p.plants.values()];
    const ready: Promise<void>[] = [];
    for (let w = 0; w < nw; w++) {
      const init: WorkerInit = {
        arrays, ops: m.ops, plants, nhru: m.nhru, nsub: m.nsub, h0: bounds[w + 1]!, h1: bounds[w + 2]!, bounds, project, slots, threads: nw + 1, hruAa, wanted,
        acc: acc ? { period: acc.period, year: acc.year, all: acc.all, usePeriod: acc.usePeriod, useYear: acc.useYear, agg: acc.agg } : null,
        ctrl: pool.ctrl, rows: pool.rows, index: w + 1, days, lead,
      };
      const worker = pool.workers[w]!;
      ready.push(new Promise<void>((resolve, reject) => {
        worker.once('message', (msg: { ready?: boolean; error?: string }) => (msg.ready ? resolve() : reject(new Error(msg.error))));
        worker.once('error', reject);
      }));
      worker.on('message', (msg: { error?: string; simulation?: boolean }) => {
        if (msg.error) pool.failed = { error: msg.error, simulation: msg.simulation };
      });
      worker.postMessage(init);
    }
    try {
      await Promise.all(ready);
    } catch (err) {
      await pool.stop();
      throw err;
    }
  }

  /** Day `d`'s weather is in its slot: its control row written, the workers may start it
   * (`acc`: the output.hru accumulators' day counts, read by workers in lock step). */
  publish(d: number, day: BlockDay, acc: Pick<Acc, 'nPeriod' | 'nYear'> | null): void {
    writeDayRow(this.rows, d % SLOTS, day, acc);
    storeAndWake(this.ctrl, CT.WEATHER, d + 1, CT.WEATHER_SLEEPERS);
  }

  /** Waits for every worker's block of day `d`; false when a worker failed (its error comes
   * with `stop()`, once the main thread lets its message in). */
  finish(d: number): boolean {
    for (let w = 0; w < this.workers.length; w++) {
      if (!waitAtLeast(this.ctrl, CT.DONE + w, d + 1, CT.DONE_SLEEPERS)) return false;
    }
    return true;
  }

  /** After `stop()`: what a failed worker said (a SimulationError stays one). */
  failure(): Error {
    if (this.failed?.simulation) return new SimulationError(this.failed.error);
    return new Error(`HRU worker failed${this.failed ? `: ${this.failed.error}` : ''}`);
  }

  /** Day `d` is routed and written: its slot may take day d + SLOTS. */
  consumed(d: number): void {
    storeAndWake(this.ctrl, CT.CONSUMED, d + 1, CT.CONSUMED_SLEEPERS);
  }

  private stopping: Promise<void> | null = null;
  private started = false;

  /** Tells the workers to leave and waits for them (once, however often it is called). */
  stop(): Promise<void> {
    return (this.stopping ??= this.stopWorkers());
  }

  private async stopWorkers(): Promise<void> {
    // workers never given a block wait for their message: nothing to finish
    if (!this.started) {
      await Promise.all(this.workers.map((w) => w.terminate()));
      return;
    }
    Atomics.store(this.ctrl, CT.STOP, 1);
    for (const i of [CT.WEATHER, CT.CONSUMED]) Atomics.notify(this.ctrl, i);
    // workers leave their loop (after the last day they have left it already) and exit;
    // terminated if they do not within 2 s
    await Promise.all(this.workers.map((w, i) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => void w.terminate().then(() => resolve()), 2000);
      });
      return Promise.race([this.exited[i]!, late]).finally(() => clearTimeout(timer));
    }));
  }
}
