/// <reference types="node" />
// A worker thread of SWAT Check's loader: parses one output table of a run folder and sends it
// back (its typed arrays transferred, not copied).
import { parentPort, workerData } from 'node:worker_threads';
import { loadRunOutputs } from '@headwater/swat/post/run-dir.ts';

const { dir, which } = workerData as { dir: string; which: 'rch' | 'sub' | 'hru' };
try {
  const table = loadRunOutputs(dir, { [which]: true })[which];
  const transfer: ArrayBuffer[] = [];
  if (table) {
    for (const a of [table.unit, table.sub, table.mgt, table.year, table.month, table.day, table.julianDay, table.years, table.area, ...Object.values(table.columns)]) {
      if (a && !transfer.includes(a.buffer as ArrayBuffer)) transfer.push(a.buffer as ArrayBuffer);
    }
  }
  parentPort!.postMessage({ table }, transfer);
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
