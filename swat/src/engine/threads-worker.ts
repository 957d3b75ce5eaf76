// Worker thread of threads.ts: simulates the HRUs of one block of subbasins each day, on the
// model arrays it shares with the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { DayShared, runHrus } from './hru.ts';
import { Model } from './model.ts';
import { Acc } from './outputs.ts';
import type { Project } from './project.ts';
import type { SimTotals } from './sim.ts';
import { CMD_STOP, CT, storeAndWake, waitChange, type WorkerInit } from './threads.ts';
import { NHV } from './vars.ts';

const init = workerData as WorkerInit;
const ctrl = init.ctrl;
try {
  const m = Model.view(init.arrays, init.ops, init.plants, init.nhru, init.nsub);
  const d = init.day;
  const p = init.project as unknown as Project;
  const acc = init.acc
    ? new Acc(init.nhru, NHV, init.acc.agg, init.acc.usePeriod, init.acc.useYear, false, { period: init.acc.period, year: init.acc.year, all: init.acc.all })
    : null;
  const mstart = new Int32Array(13);
  const D = new DayShared({
    m, pl: m.plants, b: p.basin, p, sb: p.subbasins[init.s0], s: 0, tav: 0, tmx: 0, tmn: 0, slr: 0, dayl: 0, svo: 0, wanted: init.wanted, mstart,
    jd: 0, mon: 0, sPetNoSnow: d.sPetNoSnow, sPetSnow: d.sPetSnow, sWnd: d.sWnd, sVpd: d.sVpd, sDlt: d.sDlt, sGma: d.sGma, sXl: d.sXl,
    sRho: d.sRho, sRout: d.sRout, sPcp: d.sPcp, ipet: p.basin.ipet, subWyld: d.subWyld, subLoad: d.subLoad, sv: d.sv, bv: init.bv,
    totals: { hruAa: d.hruAa } as unknown as SimTotals, printing: false, hv: new Float64Array(NHV),
  });
  D.mstart = mstart; // (not taken by the DayShared constructor)
  const w = { sTav: d.sTav, sTmx: d.sTmx, sTmn: d.sTmn, sSlr: d.sSlr, sDayl: d.sDayl };
  // the epoch before the first day (read before `ready`: the main thread starts days only after it)
  let epoch = Atomics.load(ctrl, CT.EPOCH);
  let busy = 0;
  parentPort!.postMessage({ ready: true });
  for (;;) {
    epoch = waitChange(ctrl, CT.EPOCH, epoch, CT.EPOCH_SLEEPERS);
    if (Atomics.load(ctrl, CT.CMD) === CMD_STOP) {
      if (process.env.HW_SWAT_DEBUG) {
        const c = process.threadCpuUsage();
        process.stderr.write(`HRU worker ${init.index - CT.DONE + 1}: cpu ${((c.user + c.system) / 1e6).toFixed(2)} s, in HRUs ${(busy / 1000).toFixed(2)} s\n`);
      }
      break;
    }
    try {
      D.jd = ctrl[CT.JD];
      D.mon = ctrl[CT.MON];
      D.printing = ctrl[CT.PRINTING] === 1;
      for (let k = 0; k < 13; k++) mstart[k] = ctrl[CT.MSTART + k];
      if (acc) {
        acc.nPeriod = ctrl[CT.NPERIOD];
        acc.nYear = ctrl[CT.NYEAR];
      }
      init.bv.fill(0);
      const t0 = performance.now();
      runHrus(D, w, init.s0, init.s1, acc);
      busy += performance.now() - t0;
      storeAndWake(ctrl, init.index, epoch, CT.DONE_SLEEPERS);
    } catch (err) {
      parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
      Atomics.store(ctrl, init.index, -1);
      Atomics.notify(ctrl, init.index);
    }
  }
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.stack ?? err.message : String(err) });
}
