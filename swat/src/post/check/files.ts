// Inputs of SWAT Check read from a finished run: file.cio settings, output.std,
// output.rch/.sub/.hru (through the output readers), output.rsv and hyd.out (small
// readers here: the output readers do not cover them), and the land use of each HRU.

import { readdirSync } from 'node:fs';
import { parseCioOutputSettings, parseOutputStd } from '../../output/index.ts';
import type { OutputCioSettings, OutputStd, OutputTable } from '../../output/index.ts';
import { assertRunDir, loadRunOutputs, readRunText } from '../run-dir.ts';

/** One line of hyd.out: totals over the simulation of a routing command's hydrograph. */
export interface HydOutLine {
  /** Routing command code: 1 subbasin, 2 route, 3 routres, 5 add, 6/7/8/10/11 rechour/recmon/recyear/recday/reccnst, ... */
  icode: number;
  /** Hydrograph storage number. */
  ihout: number;
  inum1: number;
  inum2: number;
  inum3: number;
  /** Name of a point-source/inlet file when printed (e.g. '2p' for 2p.dat). */
  name: string;
  flowM3: number;
  sedTons: number;
  orgNKg: number;
  orgPKg: number;
  no3Kg: number;
  solPKg: number;
}

/** Parse hyd.out (header line, then one line per routing command). */
export function parseHydOut(text: string): HydOutLine[] {
  const out: HydOutLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim().split(/\s+/);
    if (t.length < 14 || !/^\d+$/.test(t[0]!)) continue;
    const nums = t.slice(-8).map(Number);
    if (nums.some((v) => !Number.isFinite(v))) continue;
    const ints = t.slice(0, 6).map(Number);
    const name = t.length > 14 ? t.slice(6, t.length - 8).join(' ') : '';
    out.push({
      icode: ints[0]!, ihout: ints[1]!, inum1: ints[2]!, inum2: ints[3]!, inum3: ints[4]!, name,
      flowM3: nums[0]!, sedTons: nums[1]!, orgNKg: nums[2]!, orgPKg: nums[3]!, no3Kg: nums[4]!, solPKg: nums[5]!,
    });
  }
  return out;
}

/** One data row of output.rsv. */
export interface RsvRow {
  res: number;
  /** MON column as printed (julian day, month, year or number of years). */
  mon: number;
  /** Year the row belongs to when it could be resolved, else null; period of the row. */
  year: number | null;
  period: 'day' | 'month' | 'year' | 'average';
  values: Record<string, number>;
}

/**
 * Parse output.rsv: the preamble, a header line starting with 'RES', then rows
 * 'RES' + reservoir + MON + values. Years are resolved from the print code and the first
 * printed year (day/month counters restarting mark a new year).
 */
export function parseOutputRsv(text: string, iprint: number, firstYear: number | null): RsvRow[] {
  const lines = text.split(/\r?\n/);
  const h = lines.findIndex((l) => /^\s*RES\s+MON\s/.test(l));
  if (h < 0) return [];
  const columns = lines[h]!.trim().split(/\s+/).slice(2);
  const rows: RsvRow[] = [];
  const lastMon = new Map<number, number>();
  const yearOf = new Map<number, number | null>();
  let n = 0;
  for (let i = h + 1; i < lines.length; i++) {
    const t = lines[i]!.trim().split(/\s+/);
    if (t[0] !== 'RES' || t.length < 3) continue;
    const res = Number(t[1]);
    const mon = Number(t[2]);
    const values: Record<string, number> = {};
    columns.forEach((c, k) => (values[c] = Number(t[3 + k])));
    let period: RsvRow['period'];
    let year: number | null = null;
    if (iprint === 1) {
      period = 'day';
      const prev = lastMon.get(res);
      let y = yearOf.get(res) ?? firstYear;
      if (prev !== undefined && mon < prev && y !== null) y += 1;
      yearOf.set(res, y ?? null);
      year = y ?? null;
    } else if (iprint === 2) {
      period = Number.isInteger(mon) && mon > 1000 ? 'year' : 'average';
      year = period === 'year' ? mon : null;
    } else {
      if (Number.isInteger(mon) && mon >= 1 && mon <= 12 && !(lastMon.get(res) !== undefined && lastMon.get(res)! > 1000)) {
        period = 'month';
        const prev = lastMon.get(res);
        let y = yearOf.get(res) ?? firstYear;
        if (prev !== undefined && prev <= 12 && mon < prev && y !== null) y += 1;
        yearOf.set(res, y ?? null);
        year = y ?? null;
      } else if (mon > 1000) {
        period = 'year';
        year = mon;
        yearOf.set(res, mon + 1);
      } else period = 'average';
    }
    lastMon.set(res, mon);
    rows.push({ res, mon, year, period, values });
    n++;
  }
  return n > 0 ? rows : [];
}

export interface CheckInputs {
  cio: OutputCioSettings & { pcpsim?: number };
  std: OutputStd;
  rch: OutputTable | null;
  sub: OutputTable | null;
  hru: OutputTable | null;
  rsv: RsvRow[] | null;
  hydOut: HydOutLine[] | null;
  /** Land use by HRU number. */
  landUse: Map<number, string>;
  /** Where the land uses came from. */
  landUseSource: 'hru-files' | 'output.hru' | 'plant-values' | 'none';
}

/** Land use of every HRU from the '.hru' file headers ('... HRU:12 Subbasin:1 HRU:12 Luse:AGRL Soil: ...'). */
export function landUsesFromHruFiles(dir: string): Map<number, string> {
  const out = new Map<number, string>();
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^\d{9}\.hru$/i.test(f));
  } catch {
    return out;
  }
  for (const f of files) {
    const text = readRunText(dir, f);
    if (!text) continue;
    const first = text.slice(0, 400).split(/\r?\n/)[0] ?? '';
    const m = /HRU:\s*(\d+).*?Luse:\s*(\S+)/.exec(first);
    if (m) out.set(Number(m[1]), m[2]!);
  }
  return out;
}

/** file.cio settings used by SWAT Check (print settings plus PCPSIM). */
export function parseCheckCio(text: string): OutputCioSettings & { pcpsim?: number } {
  const s: OutputCioSettings & { pcpsim?: number } = parseCioOutputSettings(text);
  const m = /^\s*(\d+)\s*\|\s*PCPSIM/m.exec(text);
  if (m) s.pcpsim = Number(m[1]);
  return s;
}

/**
 * Read everything SWAT Check needs from a run folder. `inputDir` (default: the same
 * folder) is where the '.hru' input files are, for land uses.
 */
export function loadCheckInputs(dir: string, inputDir: string = dir): CheckInputs {
  assertRunDir(dir);
  const cioText = readRunText(dir, 'file.cio');
  if (!cioText) throw new RangeError(`no file.cio in '${dir}'`);
  const stdText = readRunText(dir, 'output.std');
  if (!stdText) throw new RangeError(`no output.std in '${dir}': SWAT Check needs a finished run`);
  const cio = parseCheckCio(cioText);
  const std = parseOutputStd(stdText);
  const outputs = loadRunOutputs(dir);
  const firstYear = cio.iyr !== undefined ? cio.iyr + (cio.nyskip ?? 0) : null;
  const rsvText = readRunText(dir, 'output.rsv');
  const rsv = rsvText ? parseOutputRsv(rsvText, cio.iprint ?? 0, firstYear) : null;
  const hydText = readRunText(dir, 'hyd.out');
  const hydOut = hydText ? parseHydOut(hydText) : null;

  let landUse = landUsesFromHruFiles(inputDir);
  let landUseSource: CheckInputs['landUseSource'] = 'hru-files';
  if (landUse.size === 0 && inputDir !== dir) landUse = landUsesFromHruFiles(dir);
  if (landUse.size === 0) {
    landUseSource = 'output.hru';
    const h = outputs.hru;
    if (h && h.lulc) for (let i = 0; i < h.rowCount; i++) if (!landUse.has(h.unit[i]!)) landUse.set(h.unit[i]!, h.lulc[i]!.trim());
  }
  // HRUs still without a land use: first crop of 'Average Plant Values'
  let fromPlants = false;
  for (const p of std.plantValues) {
    if (!landUse.has(p.hru) && p.crops.length > 0) {
      landUse.set(p.hru, p.crops[0]!.crop);
      fromPlants = true;
    }
  }
  if (fromPlants && landUseSource === 'output.hru' && (!outputs.hru || !outputs.hru.lulc)) landUseSource = 'plant-values';
  if (landUse.size === 0) landUseSource = 'none';
  return { cio, std, rch: outputs.rch, sub: outputs.sub, hru: outputs.hru, rsv, hydOut, landUse, landUseSource };
}

