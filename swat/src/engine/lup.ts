// Land use updates (SWAT2012 readlup.f, resetlu.f): lup.dat lists dated files, one a line in
// (4i5,1x,a13) — number, month, day, year, file name (a number 0 ends the list); each file holds a
// title line, then `HRU  HRU_FR` rows. On its date, before the day's processes, every HRU the file
// lists takes its new fraction of the subbasin (HRU_FR ≤ 0 is 1e-7, as SWAT), and with it its area
// and its share of the watershed: the HRU's outputs are weighted by the new area from that day on.
import type { Model } from './model.ts';

export type LandUseUpdate = {
  /** calendar year and day of year of the update */
  year: number;
  jd: number;
  file: string;
  /** new HRU_FR by HRU number (1-based, the project's numbering) */
  fractions: Map<number, number>;
};

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function dayOfYear(year: number, month: number, day: number): number {
  let jd = day;
  for (let k = 0; k < month - 1; k++) jd += DAYS[k]! + (k === 1 && isLeap(year) ? 1 : 0);
  return jd;
}

/** Problems of a land use update (the run stops naming them: never a silent wrong answer). */
export class LupInputError extends Error {}

/** The updates of lup.dat (none when it is missing or empty); `text` reads a file of the folder. */
export function readLandUseUpdates(text: (name: string) => string | undefined): LandUseUpdate[] {
  const lup = text('lup.dat');
  if (!lup || !lup.trim()) return [];
  const out: LandUseUpdate[] = [];
  for (const line of lup.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const t = line.trim().split(/\s+/);
    if (t.length < 5) throw new LupInputError(`lup.dat: '${line.trim()}' is not 'number month day year file'`);
    const [no, month, day, year] = t.slice(0, 4).map(Number) as [number, number, number, number];
    if (no === 0) break;
    const file = t.slice(4).join(' ');
    if (![no, month, day, year].every(Number.isInteger) || month < 1 || month > 12 || day < 1 || day > 31) {
      throw new LupInputError(`lup.dat: '${line.trim()}' is not 'number month day year file'`);
    }
    const body = text(file);
    if (body === undefined) throw new LupInputError(`lup.dat: land use update file ${file} is missing`);
    const fractions = new Map<number, number>();
    body.split(/\r?\n/).slice(1).forEach((row, i) => {
      if (!row.trim()) return;
      const v = row.trim().split(/[\s,]+/).map(Number);
      if (v.length < 2 || !Number.isInteger(v[0]) || !Number.isFinite(v[1])) throw new LupInputError(`${file}: line ${i + 2} is not 'HRU HRU_FR'`);
      fractions.set(v[0]!, v[1]!);
    });
    out.push({ year, jd: dayOfYear(year, month, day), file, fractions });
  }
  return out.sort((a, b) => a.year - b.year || a.jd - b.jd);
}

/** Every HRU number of the updates is one of the project's (1..nhru), else the first wrong one. */
export function checkLandUseUpdates(updates: LandUseUpdate[], nhru: number): void {
  for (const u of updates) for (const num of u.fractions.keys()) if (num < 1 || num > nhru) throw new LupInputError(`${u.file}: HRU ${num} is not an HRU of this project (1 to ${nhru})`);
}

/** Applies the updates due on this day (resetlu.f): fraction, area and share of the watershed. */
export function applyLandUseUpdates(updates: LandUseUpdate[], m: Model, year: number, jd: number): void {
  if (!updates.length) return;
  let da = 0;
  for (let s = 0; s < m.nsub; s++) da += m.subArea[s]!;
  for (const u of updates) {
    if (u.year !== year || u.jd !== jd) continue;
    for (const [num, fr] of u.fractions) {
      const h = num - 1;
      if (h < 0 || h >= m.nhru) continue; // checked when the project is read (checkLandUseUpdates)
      const f = fr > 0 ? fr : 1e-7;
      m.hruFr[h] = f;
      m.hruKm[h] = f * m.subArea[m.hruSub[h]!]!;
      m.dafr[h] = da > 0 ? m.hruKm[h]! / da : 0;
    }
  }
}
