/// <reference types="node" />
// SWAT Check's inputs, read as @headwater/swat's `loadCheckInputs` reads them, with the three
// large daily tables (output.rch, output.hru, output.sub: hundreds of MB for a long daily run)
// parsed at the same time in worker threads. The result is the very same `CheckInputs` (tested).
import { Worker } from 'node:worker_threads';
import { landUsesFromHruFiles, parseCheckCio, parseHydOut, parseOutputRsv, type CheckInputs } from '@headwater/swat/post/check/index.ts';
import { parseOutputStd, type OutputTable } from '@headwater/swat/output/index.ts';
import { assertRunDir, readRunText } from '@headwater/swat/post/run-dir.ts';

function parseInWorker(dir: string, which: 'rch' | 'sub' | 'hru'): Promise<OutputTable | null> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./parse-worker.ts', import.meta.url), { workerData: { dir, which } });
    w.once('message', (m: { table?: OutputTable | null; error?: string }) => {
      void w.terminate();
      if (m.error) reject(new RangeError(m.error));
      else resolve(m.table ?? null);
    });
    w.once('error', reject);
  });
}

/** `loadCheckInputs(dir)` with the output tables parsed in parallel. */
export async function loadCheckInputsParallel(dir: string): Promise<CheckInputs> {
  assertRunDir(dir);
  const cioText = readRunText(dir, 'file.cio');
  if (!cioText) throw new RangeError(`no file.cio in '${dir}'`);
  const stdText = readRunText(dir, 'output.std');
  if (!stdText) throw new RangeError(`no output.std in '${dir}': SWAT Check needs a finished run`);
  const tables = Promise.all([parseInWorker(dir, 'rch'), parseInWorker(dir, 'hru'), parseInWorker(dir, 'sub')]);
  const cio = parseCheckCio(cioText);
  const std = parseOutputStd(stdText);
  const firstYear = cio.iyr !== undefined ? cio.iyr + (cio.nyskip ?? 0) : null;
  const rsvText = readRunText(dir, 'output.rsv');
  const rsv = rsvText ? parseOutputRsv(rsvText, cio.iprint ?? 0, firstYear) : null;
  const hydText = readRunText(dir, 'hyd.out');
  const hydOut = hydText ? parseHydOut(hydText) : null;
  let landUse = landUsesFromHruFiles(dir);
  const [rch, hru, sub] = await tables;
  let landUseSource: CheckInputs['landUseSource'] = 'hru-files';
  if (landUse.size === 0) {
    landUseSource = 'output.hru';
    if (hru && hru.lulc) for (let i = 0; i < hru.rowCount; i++) if (!landUse.has(hru.unit[i]!)) landUse.set(hru.unit[i]!, hru.lulc[i]!.trim());
  }
  let fromPlants = false;
  for (const p of std.plantValues) {
    if (!landUse.has(p.hru) && p.crops.length > 0) {
      landUse.set(p.hru, p.crops[0]!.crop);
      fromPlants = true;
    }
  }
  if (fromPlants && landUseSource === 'output.hru' && (!hru || !hru.lulc)) landUseSource = 'plant-values';
  if (landUse.size === 0) landUseSource = 'none';
  landUse = new Map(landUse);
  return { cio, std, rch, sub, hru, rsv, hydOut, landUse, landUseSource };
}
