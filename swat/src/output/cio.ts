// The few file.cio settings the output readers need (IPRINT, NYSKIP, ICALEN, IYR...).
// file.cio lines are read list-directed by SWAT, so values may be left- or
// right-justified ('5                   | NBYR' in HAWQS exports): take the first token
// before the '|' and find the variable by the name after it.

import type { OutputCioSettings, PrintCode } from './types.ts';

const NAMES: Record<string, keyof OutputCioSettings> = {
  NBYR: 'nbyr',
  IYR: 'iyr',
  IDAF: 'idaf',
  IDAL: 'idal',
  IPRINT: 'iprint',
  NYSKIP: 'nyskip',
  ICALEN: 'icalen',
};

/** Reads the output-related settings from the text of file.cio. */
export function parseCioOutputSettings(text: string): OutputCioSettings {
  const out: OutputCioSettings = {};
  for (const raw of text.split(/\r?\n/)) {
    const bar = raw.indexOf('|');
    if (bar < 0) continue;
    const m = /^\s*([A-Z_]+)\s*[:]?/.exec(raw.slice(bar + 1));
    if (!m) continue;
    const key = NAMES[m[1]!];
    if (!key || out[key] !== undefined) continue;
    const value = Number(raw.slice(0, bar).trim().split(/\s+/)[0]);
    if (!Number.isFinite(value)) continue;
    if (key === 'iprint') out.iprint = value as PrintCode;
    else if (key === 'icalen') out.icalen = value === 1 ? 1 : 0;
    else out[key] = value;
  }
  return out;
}

/** The print-list codes of file.cio ('Reach output variables:' etc.), one array per list. */
export function parseCioPrintLists(text: string): { rch: number[]; sub: number[]; hru: number[]; hruUnits: number[] } {
  const lines = text.split(/\r?\n/);
  const take = (title: RegExp): number[] => {
    const i = lines.findIndex((l) => title.test(l));
    if (i < 0) return [];
    return (lines[i + 1] ?? '').trim().split(/\s+/).map(Number).filter((n) => Number.isFinite(n));
  };
  return {
    rch: take(/^\s*Reach output variables/i),
    sub: take(/^\s*Subbasin output variables/i),
    hru: take(/^\s*HRU output variables/i),
    hruUnits: take(/^\s*HRU data to be printed/i),
  };
}

/** First printed year: IYR + NYSKIP (null when IYR is unknown). */
export function firstPrintedYear(cio: OutputCioSettings): number | null {
  if (cio.iyr === undefined) return null;
  return cio.iyr + (cio.nyskip ?? 0);
}
