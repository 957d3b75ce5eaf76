// Worker thread of threads.ts: simulates the HRUs of one block of subbasins day after day, on the
// model arrays it shares with the main thread, as far ahead of the main thread as its lead allows.
import { parentPort } from 'node:worker_threads';
import { SimulationError } from './guard.ts';
import { blockDay, DayShared, type BlockDay } from './hru.ts';
import { Model } from './model.ts';
import { Acc } from './outputs.ts';
import type { Project } from './project.ts';
import type { SimTotals } from './sim.ts';
import { CT, readDayRow, SLOTS, slotViews, splitRows, storeAndWake, waitAtLeast, type WorkerInit } from './threads.ts';
import { NHV } from './vars.ts';

// modules loaded (while the main thread built the model): now the block and the shared arrays
const init = await new Promise<WorkerInit>((resolve) => parentPort!.once('message', resolve));
const ctrl = init.ctrl;
const rows = init.rows;
const done = CT.DONE + init.index - 1;
try {
  const m = Model.view(init.arrays, init.ops, init.plants, init.nhru, init.nsub);
  const p = init.project as unknown as Project;
  const slots = slotViews(init.slots, SLOTS, init.nsub, init.threads);
  const acc = init.acc
    ? new Acc(init.nhru, NHV, init.acc.agg, init.acc.usePeriod, init.acc.useYear, false, { period: init.acc.period, year: init.acc.year, all: init.acc.all })
    : null;
  const s0 = slots[0]!;
  // the rows of split subbasins' HRUs, as the main thread numbers them (the same partition)
  const { rowOf } = splitRows(m, init.bounds);
  const D = new DayShared({
    m, pl: m.plants, b: p.basin, p, sb: p.subbasins[0]!, s: 0, tav: 0, tmx: 0, tmn: 0, slr: 0, dayl: 0, svo: 0, wanted: init.wanted,
    mstart: new Int32Array(13), jd: 0, mon: 0, sPetNoSnow: s0.sPetNoSnow, sPetSnow: s0.sPetSnow, sWnd: s0.sWnd, sVpd: s0.sVpd, sDlt: s0.sDlt,
    sGma: s0.sGma, sXl: s0.sXl, sRho: s0.sRho, sRout: s0.sRout, sPcp: s0.sPcp, ipet: p.basin.ipet, subWyld: s0.subWyld, subLoad: s0.subLoad,
    sv: s0.sv, bv: s0.bvs[init.index]!, totals: { hruAa: init.hruAa } as unknown as SimTotals, printing: false, hv: new Float64Array(NHV),
  });
  const day: BlockDay = { jd: 0, mon: 0, printing: false, yearIndex: 0, year: 0, yearStart: false, yearEnd: false, d1: 0, mstart: new Int32Array(13) };
  const lead = init.lead;
  let busy = 0;
  parentPort!.postMessage({ ready: true });
  for (let d = 0; d < init.days; d++) {
    // the day's weather is published, and its slot free (lock step: the previous day written)
    if (!waitAtLeast(ctrl, CT.WEATHER, d + 1, CT.WEATHER_SLEEPERS)) break;
    if (Atomics.load(ctrl, CT.CONSUMED) < d - lead) {
      // caught up with the main thread: wait until it has freed half the ring, not one slot a
      // day (one wake-up per several days)
      if (!waitAtLeast(ctrl, CT.CONSUMED, Math.min(d, d - lead + (lead >> 1)), CT.CONSUMED_SLEEPERS)) break;
    }
    const k = d % SLOTS;
    readDayRow(rows, k, day, acc);
    const t0 = performance.now();
    blockDay(D, slots[k]!, init.index, init.h0, init.h1, rowOf, acc, day, p.control.idaf);
    busy += performance.now() - t0;
    storeAndWake(ctrl, done, d + 1, CT.DONE_SLEEPERS);
  }
  if (process.env.HW_SWAT_DEBUG) {
    const c = process.threadCpuUsage();
    process.stderr.write(`HRU worker ${init.index}: cpu ${((c.user + c.system) / 1e6).toFixed(2)} s, in HRUs ${(busy / 1000).toFixed(2)} s\n`);
  }
} catch (err) {
  // a SimulationError (a non-finite state found by the yearly scan) keeps its class and message
  const simulation = err instanceof SimulationError;
  parentPort!.postMessage({ error: err instanceof Error ? (simulation ? err.message : err.stack ?? err.message) : String(err), simulation });
  Atomics.store(ctrl, done, -1);
  Atomics.notify(ctrl, done);
}
