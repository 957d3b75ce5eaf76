// Locating and reading the files of a finished SWAT run (a TxtInOut folder with its
// outputs). Names are matched case-insensitively (ArcSWAT projects mix 'Tmp1.Tmp' and
// 'tmp1.tmp'); text is read as Latin-1 (SWAT files carry bytes such as µ).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseHruTable, parseRchTable, parseSubTable } from '../output/index.ts';
import type { OutputTable } from '../output/index.ts';

/** Path of a file in a folder, matched case-insensitively; null when absent. */
export function findRunFile(dir: string, name: string): string | null {
  const exact = join(dir, name);
  if (existsSync(exact)) return exact;
  const lower = name.toLowerCase();
  for (const f of readdirSync(dir)) if (f.toLowerCase() === lower) return join(dir, f);
  return null;
}

export function assertRunDir(dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RangeError(`'${dir}' is not a folder`);
}

/** Text of a run file (Latin-1), or null when absent. */
export function readRunText(dir: string, name: string): string | null {
  const p = findRunFile(dir, name);
  return p ? readFileSync(p, 'latin1') : null;
}

export interface RunOutputs {
  cio: string | null;
  rch: OutputTable | null;
  sub: OutputTable | null;
  hru: OutputTable | null;
}

/** Parse the output tables that exist (file.cio fixes IPRINT and the first printed year). */
export function loadRunOutputs(dir: string, which: { rch?: boolean; sub?: boolean; hru?: boolean } = { rch: true, sub: true, hru: true }): RunOutputs {
  assertRunDir(dir);
  const cio = readRunText(dir, 'file.cio');
  const opts = cio ? { cio } : {};
  const table = (name: string, parse: (text: string, o: typeof opts) => OutputTable): OutputTable | null => {
    const text = readRunText(dir, name);
    if (text === null || text.trim() === '') return null;
    try {
      return parse(text, opts);
    } catch (err) {
      throw new RangeError(`cannot read ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return {
    cio,
    rch: which.rch ? table('output.rch', parseRchTable) : null,
    sub: which.sub ? table('output.sub', parseSubTable) : null,
    hru: which.hru ? table('output.hru', parseHruTable) : null,
  };
}
