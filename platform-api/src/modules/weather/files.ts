// Reading a weather dataset's SWAT station files from the server (spec 3 §2.3 weather, issue 20):
// .pcp and .tmp (four header lines, then yyyyddd and f5.1 values), .slr/.hmd/.wnd (a title line,
// then yyyyddd and f8.3 values). The parsers are @headwater/swat's; this file checks each data
// line first (dates follow day by day, every value a number) and reports problems by file and
// line, then turns each station column into the stored series (Float32 little-endian, as the
// dataset loader stores shipped weather).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parsePcp, parseSeries, parseTmp } from '@headwater/swat/txtinout/index.ts';

export const WEATHER_VARIABLES = ['pcp', 'tmp', 'slr', 'hmd', 'wnd'] as const;
export type WeatherVariable = (typeof WEATHER_VARIABLES)[number];
/** At most this many problems are reported: a wrong file usually fails on every line. */
export const MAX_FILE_ERRORS = 50;
/** A station file larger than this is refused (the whole file is read into memory). */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export type StationRow = { variable: WeatherVariable; file: string; gage: number; name: string; lat: number | null; lon: number | null; elevation: number | null; startDate: string; numDays: number; series: Buffer };
export type ReadWeather = { stations: StationRow[]; startDate: string; endDate: string; errors: string[] };

/** The folder `pathToFiles` names under the main weather directory, or null when it would leave it. */
export function weatherFolder(root: string, pathToFiles: string): string | null {
  if (!pathToFiles || isAbsolute(pathToFiles) || pathToFiles.includes('\0')) return null;
  const folder = resolve(root, pathToFiles);
  const rel = relative(resolve(root), folder);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return folder;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function isoOf(yyyyddd: number): string {
  const y = Math.floor(yyyyddd / 1000);
  const d = new Date(Date.UTC(y, 0, yyyyddd % 1000));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
function nextDay(yyyyddd: number): number {
  const y = Math.floor(yyyyddd / 1000);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return yyyyddd % 1000 >= (leap ? 366 : 365) ? (y + 1) * 1000 + 1 : yyyyddd + 1;
}
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Checks the data lines of one file: `header` lines, then `cells` values of `width` after 7 date columns. */
function checkLines(file: string, text: string, header: number, cells: number, width: number, errors: string[]): void {
  const lines = text.split('\n');
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length <= header) {
    errors.push(`${file}: no data lines after the ${header}-line header.`);
    return;
  }
  let expected: number | null = null;
  for (let i = header; i < lines.length && errors.length < MAX_FILE_ERRORS; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const at = `${file}: line ${i + 1}:`;
    const y = line.slice(0, 4).trim();
    const d = line.slice(4, 7).trim();
    if (!/^\d{4}$/.test(y) || !/^\d{1,3}$/.test(d) || Number(d) < 1 || Number(d) > 366) {
      errors.push(`${at} the date (year and day of year, columns 1-7) is not valid.`);
      continue;
    }
    const date = Number(y) * 1000 + Number(d);
    if (expected !== null && date !== expected) errors.push(`${at} expected day ${expected}, found ${date}; days must follow one another.`);
    expected = nextDay(date);
    for (let k = 0; k < cells; k++) {
      const cell = line.slice(7 + k * width, 7 + (k + 1) * width).trim();
      if (!NUMBER.test(cell)) {
        errors.push(`${at} value ${k + 1} ('${cell}') is not a number.`);
        break;
      }
    }
  }
}

function float32(values: ArrayLike<number>[]): Buffer {
  const n = values.reduce((a, v) => a + v.length, 0);
  const buf = Buffer.alloc(n * 4);
  let off = 0;
  for (const v of values) for (let i = 0; i < v.length; i++, off += 4) buf.writeFloatLE(v[i]!, off);
  return buf;
}

/** Reads every station file in `folder`; `errors` lists what is wrong, by file and line. */
export function readWeatherFolder(folder: string): ReadWeather {
  const errors: string[] = [];
  const stations: StationRow[] = [];
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(folder);
  } catch {
    st = undefined;
  }
  if (!st?.isDirectory()) return { stations, startDate: '', endDate: '', errors: ['The folder does not exist on the server.'] };
  const files = readdirSync(folder)
    .filter((f) => WEATHER_VARIABLES.includes(f.slice(f.lastIndexOf('.') + 1).toLowerCase() as WeatherVariable))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
  if (!files.some((f) => /\.pcp$/i.test(f)) || !files.some((f) => /\.tmp$/i.test(f))) errors.push('The folder needs at least one precipitation (.pcp) and one temperature (.tmp) file.');
  let first: number | null = null;
  let last: number | null = null;
  for (const file of files) {
    const variable = file.slice(file.lastIndexOf('.') + 1).toLowerCase() as WeatherVariable;
    const path = join(folder, file);
    if (statSync(path).size > MAX_FILE_BYTES) {
      errors.push(`${file}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
      continue;
    }
    const text = readFileSync(path, 'latin1');
    const before = errors.length;
    let dates: Int32Array;
    let columns: { name: string; lat: number | null; lon: number | null; elevation: number | null; values: ArrayLike<number>[] }[];
    if (variable === 'pcp' || variable === 'tmp') {
      const f = variable === 'pcp' ? parsePcp(text) : parseTmp(text);
      checkLines(file, text, 4, variable === 'pcp' ? f.stations.length : f.stations.length * 2, 5, errors);
      dates = f.dates;
      columns = f.stations.map((s, k) => ({
        name: s.name || `${file.replace(/\.[^.]+$/, '')}-${k + 1}`,
        lat: s.lat,
        lon: s.long,
        elevation: s.elev,
        values: 'pcp' in f ? [f.pcp[k]!] : [f.tmax[k]!, f.tmin[k]!],
      }));
    } else {
      const f = parseSeries(text);
      checkLines(file, text, 1, f.values.length, 8, errors);
      dates = f.dates;
      columns = f.values.map((v, k) => ({ name: `${file.replace(/\.[^.]+$/, '')}-${k + 1}`, lat: null, lon: null, elevation: null, values: [v] }));
    }
    if (errors.length > before || dates.length === 0) continue;
    if (columns.length === 0) {
      errors.push(`${file}: no stations.`);
      continue;
    }
    const start = dates[0]!;
    const end = dates[dates.length - 1]!;
    // the dataset's dates are those every file covers
    first = first === null ? start : Math.max(first, start);
    last = last === null ? end : Math.min(last, end);
    columns.forEach((c, k) => stations.push({ variable, file, gage: k + 1, name: c.name, lat: c.lat, lon: c.lon, elevation: c.elevation, startDate: isoOf(start), numDays: dates.length, series: float32(c.values) }));
    if (errors.length >= MAX_FILE_ERRORS) break;
  }
  return { stations, startDate: first === null ? '' : isoOf(first), endDate: last === null ? '' : isoOf(last), errors };
}
