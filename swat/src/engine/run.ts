// Public entry points of the engine.
import { engineNotes, loadProject } from './adapter.ts';
import { OutputSet, aveAnnualBasin, writeStd } from './outputs.ts';
import type { Project } from './project.ts';
import { simulate, type SimObserver, type SimTotals } from './sim.ts';

export interface RunOptions {
  /** Progress in percent (0–100) with a message such as 'Executing year 3 (2002)'. */
  onProgress?: (percent: number, message: string) => void;
  /** Write output files (default true). With false only the summary is returned. */
  writeOutputs?: boolean;
  /** Change the loaded project before running (used by tests and scenario tools). */
  modify?: (p: Project) => void;
  /** Threads simulating HRUs (default: 2 on 2 cores from 1,000,000 HRU-days on, or HW_SWAT_THREADS; 1 = none). */
  threads?: number;
  /** The folder's input files in memory, name → text (loadProject's `files`). */
  files?: ReadonlyMap<string, string>;
  /** Receives the text of output.rch/.sub/.hru as it is written (OutputSetOptions.onText). */
  onOutputText?: (kind: 'rch' | 'sub' | 'hru', text: string) => void;
}

export interface RunSummary {
  dir: string;
  years: number;
  printedYears: number;
  hrus: number;
  subbasins: number;
  reaches: number;
  days: number;
  seconds: number;
  hruDaysPerSecond: number;
  /** Average annual basin values over the printed years (output.std names, mm or t/ha). */
  aveAnnualBasin: Record<string, number>;
  /** Files written. */
  files: string[];
  /** Inputs accepted but not simulated, said once each (e.g. pesticide applications): printed in
   * output.std and by `hw-swat run`. */
  notes: string[];
}

const noObserver: SimObserver = { hruWanted: null, day() {} };

/** Runs an already loaded project. */
export async function simulateProject(p: Project, opts: RunOptions = {}): Promise<{ summary: RunSummary; totals: SimTotals }> {
  const t0 = performance.now();
  if (opts.modify) opts.modify(p);
  const write = opts.writeOutputs !== false;
  let out: OutputSet | null = null;
  const totals = await simulate(p, (m) => {
    if (!write) return noObserver;
    out = new OutputSet(p, m, { dir: p.dir, ...(opts.onOutputText ? { onText: opts.onOutputText } : {}) });
    return out;
  }, {
    onProgress: opts.onProgress,
    threads: opts.threads,
    dir: write ? p.dir : undefined,
    yieldEvery: () => new Promise<void>((r) => setImmediate(r)),
  });
  const files: string[] = [];
  if (out) {
    await (out as OutputSet).close();
    files.push(...(out as OutputSet).files);
  }
  const seconds = (performance.now() - t0) / 1000;
  files.push(...totals.files);
  const notes = engineNotes();
  if (write) files.push(writeStd(p.dir, p, totals, seconds, notes));
  const summary: RunSummary = {
    dir: p.dir, years: p.control.nbyr, printedYears: totals.printedYears, hrus: totals.model.nhru, subbasins: totals.model.nsub,
    reaches: p.reaches.size, days: totals.days, seconds, hruDaysPerSecond: totals.hruDays / Math.max(seconds, 1e-9),
    aveAnnualBasin: aveAnnualBasin(totals), files, notes,
  };
  return { summary, totals };
}

/** Reads the TxtInOut folder `dir`, simulates it and writes the outputs file.cio asks for. */
export async function runSimulation(dir: string, opts: RunOptions = {}): Promise<RunSummary> {
  opts.onProgress?.(0, `Reading ${dir}`);
  // HRU files are streamed into the model (bounded memory) unless a `modify` callback may
  // want to change HRU records
  const p = await loadProject(dir, { streamHrus: !opts.modify, ...(opts.files ? { files: opts.files } : {}) });
  const { summary } = await simulateProject(p, opts);
  return summary;
}
