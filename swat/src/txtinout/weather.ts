// Measured weather files. pcp and tmp (readpcp/readtmp): four header lines (station names, then
// Lati/Long/Elev in 5-character fields after 7 columns), then one row per day: year (i4), julian
// day (i3) and f5.1 values (pcp: one per station; tmp: max then min per station). slr/hmd/wnd: a
// title line, then year+day (i7) and f8.3 values per station. Missing values are -99.
// Rows are cut by position, never split on blanks (-99.0-99.0 touch).
import type { PcpFile, SeriesFile, TmpFile, WeatherStation } from './types.ts';
import { fitReal, fortranReal } from './lines.ts';

function dataLines(text: string): string[] {
  const lines = text.split('\n');
  let n = lines.length;
  while (n > 0 && lines[n - 1]!.trim() === '') n--;
  lines.length = n;
  return lines;
}

function headerValues(line: string | undefined, count: number, width: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < count; k++) out.push(line ? fortranReal(line, 7 + k * width, 7 + (k + 1) * width, 1) : 0);
  return out;
}

/** Station header: names after "Station" (comma separated), then Lati/Long/Elev lines with one
 * field per station (5 wide in .pcp, 10 wide in .tmp where each station has two columns). */
function parseStations(lines: string[], width: number): WeatherStation[] {
  const nameLine = (lines[0] ?? '').replace(/\r$/, '');
  // ArcSWAT: "Station  pcp146,pcp137,"; other tools write a free title (kept in `title`)
  const named = /^\s*station\b/i.test(nameLine);
  const names = named ? nameLine.replace(/^\s*station\s*/i, '').split(',').map((s) => s.trim()) : [];
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const latLine = (lines[1] ?? '').replace(/\r$/, '').trimEnd();
  const count = Math.max(names.length, Math.ceil((latLine.length - 7) / width));
  const lat = headerValues(lines[1], count, width);
  const lon = headerValues(lines[2], count, width);
  const elev = headerValues(lines[3], count, width).map((v, k) => {
    // elevation is written as an integer: no implied decimals
    const t = (lines[3] ?? '').slice(7 + k * width, 7 + (k + 1) * width).trim();
    return t.indexOf('.') >= 0 ? v : Number(t) || 0;
  });
  const stations: WeatherStation[] = [];
  for (let k = 0; k < count; k++) stations.push({ name: names[k] ?? '', lat: lat[k]!, long: lon[k]!, elev: elev[k]! });
  return stations;
}

/** Fast fixed-field read of an f-format value (the common case "  2.5"; falls back to the general
 * Fortran rules). */
function cellValue(line: string, s: number, e: number, decimals: number): number {
  if (s >= line.length) return 0;
  const t = line.slice(s, e);
  const v = Number(t);
  if (t.indexOf('.') >= 0 && !Number.isNaN(v) && t.trim() !== '') return v === 0 ? 0 : v;
  return fortranReal(line, s, e, decimals);
}

function yyyyddd(line: string): number {
  return Number(line.slice(0, 7).trim()) || 0;
}

export function parsePcp(text: string): PcpFile {
  const lines = dataLines(text);
  const stations = parseStations(lines, 5);
  const n = Math.max(0, lines.length - 4);
  const dates = new Int32Array(n);
  const pcp = stations.map(() => new Float64Array(n));
  for (let r = 0; r < n; r++) {
    const line = lines[4 + r]!;
    dates[r] = yyyyddd(line);
    for (let k = 0; k < pcp.length; k++) pcp[k]![r] = cellValue(line, 7 + k * 5, 12 + k * 5, 1);
  }
  const f: PcpFile = { stations, dates, pcp };
  const title = keptTitle(lines[0], stations);
  if (title !== undefined) f.title = title;
  return f;
}

/** The first line when it is not what the writer rebuilds from the station names. */
function keptTitle(line: string | undefined, stations: WeatherStation[]): string | undefined {
  const l = (line ?? '').replace(/\r$/, '').trimEnd();
  return l === stationHeader(stations, 5)[0]!.trimEnd() ? undefined : l;
}

export function parseTmp(text: string): TmpFile {
  const lines = dataLines(text);
  const stations = parseStations(lines, 10);
  const n = Math.max(0, lines.length - 4);
  const dates = new Int32Array(n);
  const tmax = stations.map(() => new Float64Array(n));
  const tmin = stations.map(() => new Float64Array(n));
  for (let r = 0; r < n; r++) {
    const line = lines[4 + r]!;
    dates[r] = yyyyddd(line);
    for (let k = 0; k < tmax.length; k++) {
      tmax[k]![r] = cellValue(line, 7 + k * 10, 12 + k * 10, 1);
      tmin[k]![r] = cellValue(line, 12 + k * 10, 17 + k * 10, 1);
    }
  }
  const f: TmpFile = { stations, dates, tmax, tmin };
  const title = keptTitle(lines[0], stations);
  if (title !== undefined) f.title = title;
  return f;
}

/** slr/hmd/wnd; `records` = NSTOT/NHTOT/NWTOT from file.cio when known, else from the first row. */
export function parseSeries(text: string, records?: number): SeriesFile {
  const lines = dataLines(text);
  const title = (lines[0] ?? '').replace(/\r$/, '');
  const n = Math.max(0, lines.length - 1);
  const first = (lines[1] ?? '').replace(/\r$/, '').trimEnd();
  const count = records && records > 0 ? records : Math.max(1, Math.round((first.length - 7) / 8));
  const dates = new Int32Array(n);
  const values = Array.from({ length: count }, () => new Float64Array(n));
  for (let r = 0; r < n; r++) {
    const line = lines[1 + r]!;
    dates[r] = yyyyddd(line);
    for (let k = 0; k < count; k++) values[k]![r] = cellValue(line, 7 + k * 8, 15 + k * 8, 3);
  }
  return { title, dates, values };
}

function stationHeader(stations: WeatherStation[], width: number): string[] {
  let lat = 'Lati   ';
  let lon = 'Long   ';
  let elev = 'Elev   ';
  for (const s of stations) {
    lat += fitReal(s.lat, width, 1);
    lon += fitReal(s.long, width, 1);
    elev += Number.isInteger(s.elev) ? String(s.elev).padStart(width) : fitReal(s.elev, width, 1);
  }
  return ['Station  ' + stations.map((s) => s.name + ',').join(''), lat, lon, elev];
}

function dateField(d: number): string {
  return String(d).padStart(7, '0');
}

// the cells of a row are joined into one string per row: chunked to keep memory flat
function emit(header: string[], rows: number, row: (r: number) => string, eol: string): string {
  const parts: string[] = [header.join(eol) + eol];
  let chunk = '';
  for (let r = 0; r < rows; r++) {
    chunk += row(r) + eol;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

function header(f: PcpFile | TmpFile, width: number): string[] {
  const h = stationHeader(f.stations, width);
  if (f.title !== undefined) h[0] = f.title;
  return h;
}

export function formatPcp(f: PcpFile, eol = '\r\n'): string {
  return emit(
    header(f, 5),
    f.dates.length,
    (r) => {
      let s = dateField(f.dates[r]!);
      for (const col of f.pcp) s += fitReal(col[r]!, 5, 1);
      return s;
    },
    eol,
  );
}

export function formatTmp(f: TmpFile, eol = '\r\n'): string {
  return emit(
    header(f, 10),
    f.dates.length,
    (r) => {
      let s = dateField(f.dates[r]!);
      for (let k = 0; k < f.tmax.length; k++) s += fitReal(f.tmax[k]![r]!, 5, 1) + fitReal(f.tmin[k]![r]!, 5, 1);
      return s;
    },
    eol,
  );
}

export function formatSeries(f: SeriesFile, eol = '\r\n'): string {
  return emit(
    [f.title],
    f.dates.length,
    (r) => {
      let s = dateField(f.dates[r]!);
      for (const col of f.values) s += fitReal(col[r]!, 8, 3);
      return s;
    },
    eol,
  );
}
