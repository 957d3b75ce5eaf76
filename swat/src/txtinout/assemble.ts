// Assembles a SWAT2012 TxtInOut project from the parts a dataset stores (parsed file objects
// without layout, per subbasin, HRU, soil and land use, plus dataset defaults), the watershed a
// project cut out of it (subbasins renumbered 1..n, trimmed HRU fractions), a weather subset and
// the scenario's settings (period, warm-up, print setting, print lists). The result is a
// `SwatProject` that `writeTxtInOut` writes as files any SWAT executable reads.
//
// Routing (fig.fig) is written the way ArcSWAT writes it: every `subbasin` command first, then,
// upstream reaches first, the subbasin's hydrograph `add`ed to each routed upstream reach and the
// sum `route`d through the subbasin's own reach; `saveconc` of the outlet to watout.dat.
import type {
  Bsn,
  Chm,
  Databases,
  Fig,
  FigCommand,
  FileCio,
  Gw,
  Hru,
  HruInputs,
  Mgt,
  PcpFile,
  Pnd,
  ReachInputs,
  Rte,
  Sep,
  SeriesFile,
  Sol,
  Sub,
  SubbasinInputs,
  Swq,
  SwatProject,
  TmpFile,
  WeatherStation,
  Wgn,
  Wus,
} from './types.ts';

/** The SWAT parts of one subbasin (any may be missing: the dataset defaults fill them). */
export type SubbasinParts = { sub?: Partial<Sub>; wgn?: Wgn; pnd?: Pnd; wus?: Wus; rte?: Rte; swq?: Swq };
/** The SWAT parts of one HRU (sdr is raw text: .sdr files are not typed). */
export type HruParts = { hru?: Partial<Hru>; mgt?: Mgt; chm?: Chm; gw?: Gw; sep?: Sep; sdr?: string; sol?: Sol };

export type AssemblyHru = {
  landuse: string;
  soil: string;
  slopeClass: string;
  /** of the subbasin (HRU_FR), after HRU setting */
  fraction: number;
  slope: number; // m/m
  slopeLength: number; // m
  cn2: number;
  ovN: number;
  parts: HruParts;
};

export type AssemblySubbasin = {
  /** 1..n, the project's numbering (SWAT's subbasin and reach number) */
  number: number;
  name: string;
  /** number of the subbasin this one drains to; null at the outlet */
  downstream: number | null;
  area: number; // km²
  elevation?: number | null;
  parts: SubbasinParts;
  hrus: AssemblyHru[];
};

/** One weather station: its number in the dataset (per variable, 1-based, in file order) and its
 * daily values from the simulation's first day. */
export type AssemblyStation = {
  gage: number;
  name: string;
  lat: number;
  lon: number;
  elevation: number;
  values?: ArrayLike<number>; // pcp, slr, hmd, wnd
  tmax?: ArrayLike<number>;
  tmin?: ArrayLike<number>;
};

export type AssemblyWeather = {
  pcp: AssemblyStation[];
  tmp: AssemblyStation[];
  slr: AssemblyStation[];
  hmd: AssemblyStation[];
  wnd: AssemblyStation[];
};

export type AssemblyInput = {
  title: string;
  cio: Partial<FileCio>;
  bsn: Bsn;
  databases: Databases;
  otherFiles: Record<string, string>;
  /** templates for missing parts */
  defaults: SubbasinParts & HruParts;
  /** sol and land-use mgt templates (synthetic datasets keep only these) */
  soils: Record<string, Sol | undefined>;
  landUseMgt: Record<string, Mgt | undefined>;
  subbasins: AssemblySubbasin[];
  /** every station the dataset's weather has, by variable; only those the subbasins use are written */
  weather: AssemblyWeather;
  period: {
    start: string; // YYYY-MM-DD
    end: string;
    skipYears: number;
    /** IPRINT: 0 monthly, 1 daily, 2 yearly */
    printSetting: 0 | 1 | 2;
  };
  /** HRUs printed in output.hru (numbers in the project, 1..; at most 20; default the first
   * DEFAULT_PRINTED_HRUS of the project) */
  hruPrint?: number[];
  /** output.hru variables (SWAT's IPDVAB codes, at most 20; empty: all) */
  hruVars?: number[];
};

/** HRUs printed in output.hru when the scenario chose none: the project's first 20 (file.cio's
 * print list holds at most 20). */
export const DEFAULT_PRINTED_HRUS = 20;

/** The HRU numbers file.cio prints when none were chosen: 1..min(20, HRUs). */
export function defaultHruPrint(totalHrus: number): number[] {
  return Array.from({ length: Math.max(1, Math.min(DEFAULT_PRINTED_HRUS, totalHrus)) }, (_, i) => i + 1);
}

/** Stations per weather file (SWAT2012 reads at most 300 gages per pcp/tmp file here). */
export const STATIONS_PER_FILE = 300;
const MAX_FILES = 18;

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/**
 * A deep copy of a part (plain JSON-like data: objects, arrays, numbers, strings, typed arrays).
 * Each HRU gets its own copies of seven parts, so this runs ~20,000 times for a 2,500-HRU
 * scenario: a plain recursive copy is several times faster than structuredClone here. Anything
 * that is not plain data (a Map, a class instance) still goes through structuredClone.
 */
function clone<T>(o: T): T {
  if (o === null || typeof o !== 'object') return o;
  if (Array.isArray(o)) {
    const a = new Array(o.length);
    for (let i = 0; i < o.length; i++) a[i] = clone(o[i]);
    return a as T;
  }
  if (ArrayBuffer.isView(o)) return structuredClone(o);
  const proto = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null) return structuredClone(o);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) out[k] = clone((o as Record<string, unknown>)[k]);
  return out as T;
}

function julian(date: string): { year: number; day: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d);
  return { year: y, day: Math.round((t - Date.UTC(y, 0, 1)) / 86_400_000) + 1 };
}

/** yyyyddd of each day from `start`, `days` days. */
export function dayStamps(start: string, days: number): Int32Array {
  const out = new Int32Array(days);
  let { year, day } = julian(start);
  for (let i = 0; i < days; i++) {
    out[i] = year * 1000 + day;
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (++day > (leap ? 366 : 365)) {
      year++;
      day = 1;
    }
  }
  return out;
}

/** Days from start to end, both included. */
export function daysBetween(start: string, end: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(end) - ms(start)) / 86_400_000) + 1;
}

/** The weather a set of subbasins uses, renumbered 1.. per variable; `gages` maps old → new. */
function pickStations(stations: AssemblyStation[], used: number[]): { stations: AssemblyStation[]; gages: Map<number, number> } {
  const byGage = new Map(stations.map((s) => [s.gage, s]));
  const gages = new Map<number, number>();
  const picked: AssemblyStation[] = [];
  for (const g of [...new Set(used)].sort((a, b) => a - b)) {
    const s = byGage.get(g) ?? stations[0];
    if (!s) continue;
    if (!gages.has(g)) {
      if (!picked.includes(s)) picked.push(s);
      gages.set(g, picked.indexOf(s) + 1);
    }
  }
  return { stations: picked, gages };
}

const toStation = (s: AssemblyStation): WeatherStation => ({ name: s.name, lat: s.lat, long: s.lon, elev: s.elevation });
const f64 = (v: ArrayLike<number> | undefined, days: number): Float64Array => {
  const a = new Float64Array(days).fill(-99);
  if (v) for (let i = 0; i < Math.min(days, v.length); i++) a[i] = Math.round(v[i]! * 1000) / 1000;
  return a;
};

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length ? out : [[]];
}

/** fig.fig for subbasins 1..n and their downstream links (ArcSWAT's layout of commands). */
export function buildFig(subbasins: { number: number; downstream: number | null }[]): Fig {
  const commands: FigCommand[] = [];
  const cmd = (command: string, icode: number, ihout: number, inum1: number, inum2 = 0, inum3 = 0, files: string[] = [], comment?: string): number => {
    commands.push({ command, icode, ihout, inum1, inum2, inum3, rnum1: 0, inum4: 0, files, ...(comment ? { comment } : {}) });
    return ihout;
  };
  const n = subbasins.length;
  const subHyd = new Map<number, number>();
  let next = 0;
  const sorted = [...subbasins].sort((a, b) => a.number - b.number);
  for (const s of sorted) subHyd.set(s.number, cmd('subbasin', 1, ++next, s.number, 0, 0, [`${pad(s.number, 5)}0000.sub`], `Subbasin: ${s.number}`));
  // upstream first: a subbasin is routed once everything draining into it has been
  const upstream = new Map<number, number[]>();
  for (const s of sorted) if (s.downstream !== null) upstream.set(s.downstream, [...(upstream.get(s.downstream) ?? []), s.number]);
  const routed = new Map<number, number>();
  const order: number[] = [];
  const visit = (num: number) => {
    // iterative post-order walk (deep trees of thousands of subbasins)
    const stack: [number, boolean][] = [[num, false]];
    while (stack.length) {
      const [x, done] = stack.pop()!;
      if (done) {
        order.push(x);
        continue;
      }
      stack.push([x, true]);
      for (const u of [...(upstream.get(x) ?? [])].reverse()) stack.push([u, false]);
    }
  };
  for (const s of sorted) if (s.downstream === null) visit(s.number);
  if (order.length !== n) throw new Error('the routing of the subbasins is not a tree draining to an outlet');
  let outlet = 0;
  for (const num of order) {
    let hyd = subHyd.get(num)!;
    for (const u of upstream.get(num) ?? []) hyd = cmd('add', 5, ++next, hyd, routed.get(u)!);
    const stem = `${pad(num, 5)}0000`;
    routed.set(num, cmd('route', 2, ++next, num, hyd, 0, [`${stem}.rte`, `${stem}.swq`]));
    outlet = routed.get(num)!;
  }
  cmd('saveconc', 14, outlet, 1, 0, 0, ['watout.dat']);
  commands.push({ command: 'finish', icode: 0, ihout: 0, inum1: 0, inum2: 0, inum3: 0, rnum1: 0, inum4: 0, files: [] });
  return { commands };
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`the dataset has no ${what}`);
  return value;
}

/** Builds the project. Throws an Error naming what is missing when the dataset lacks a part. */
export function assembleProject(input: AssemblyInput): SwatProject {
  const d = input.defaults;
  const days = daysBetween(input.period.start, input.period.end);
  if (days < 1) throw new Error('the simulation ends before it starts');
  const start = julian(input.period.start);
  const end = julian(input.period.end);

  // weather: only the stations the subbasins use, renumbered
  const subParts = input.subbasins.map((s) => ({ ...clone(d.sub ?? {}), ...clone(s.parts.sub ?? {}) }) as Sub);
  const gageOf = (k: 'IRGAGE' | 'ITGAGE' | 'ISGAGE' | 'IHGAGE' | 'IWGAGE') => subParts.map((s) => Number(s[k]) || 1);
  const pcp = pickStations(input.weather.pcp, gageOf('IRGAGE'));
  const tmp = pickStations(input.weather.tmp, gageOf('ITGAGE'));
  const slr = pickStations(input.weather.slr, gageOf('ISGAGE'));
  const hmd = pickStations(input.weather.hmd, gageOf('IHGAGE'));
  const wnd = pickStations(input.weather.wnd, gageOf('IWGAGE'));
  if (!pcp.stations.length) throw new Error('the weather dataset has no precipitation station');
  if (!tmp.stations.length) throw new Error('the weather dataset has no temperature station');
  if (pcp.stations.length > STATIONS_PER_FILE * MAX_FILES || tmp.stations.length > STATIONS_PER_FILE * MAX_FILES) {
    throw new Error(`more than ${STATIONS_PER_FILE * MAX_FILES} weather stations in one project`);
  }
  const dates = dayStamps(input.period.start, days);
  const pcpFiles: Record<string, PcpFile> = {};
  const tmpFiles: Record<string, TmpFile> = {};
  const pcpChunks = chunk(pcp.stations, STATIONS_PER_FILE);
  const tmpChunks = chunk(tmp.stations, STATIONS_PER_FILE);
  pcpChunks.forEach((st, i) => {
    pcpFiles[`pcp${i + 1}.pcp`] = { stations: st.map(toStation), dates, pcp: st.map((s) => f64(s.values, days)) };
  });
  tmpChunks.forEach((st, i) => {
    tmpFiles[`tmp${i + 1}.tmp`] = { stations: st.map(toStation), dates, tmax: st.map((s) => f64(s.tmax, days)), tmin: st.map((s) => f64(s.tmin, days)) };
  });
  const series = (p: { stations: AssemblyStation[] }, title: string): SeriesFile | undefined =>
    p.stations.length ? { title, dates, values: p.stations.map((s) => f64(s.values, days)) } : undefined;
  const slots = (names: string[]) => [...names, ...Array(MAX_FILES - names.length).fill('')];

  const cio: FileCio = {
    ...(clone(input.cio) as FileCio),
    title: input.cio.title ?? 'Master Watershed File: file.cio',
    FIGFILE: 'fig.fig',
    NBYR: end.year - start.year + 1,
    IYR: start.year,
    IDAF: start.day,
    IDAL: end.day,
    NYSKIP: Math.max(0, Math.min(input.period.skipYears, end.year - start.year)),
    IPRINT: input.period.printSetting,
    ICALEN: 0,
    PCPSIM: 1,
    IDT: 0,
    NRGAGE: pcpChunks.length,
    NRTOT: pcp.stations.length,
    NRGFIL: Math.min(STATIONS_PER_FILE, pcp.stations.length),
    TMPSIM: 1,
    NTGAGE: tmpChunks.length,
    NTTOT: tmp.stations.length,
    NTGFIL: Math.min(STATIONS_PER_FILE, tmp.stations.length),
    SLRSIM: slr.stations.length ? 1 : 2,
    NSTOT: slr.stations.length,
    RHSIM: hmd.stations.length ? 1 : 2,
    NHTOT: hmd.stations.length,
    WNDSIM: wnd.stations.length ? 1 : 2,
    NWTOT: wnd.stations.length,
    RFILE: slots(Object.keys(pcpFiles)),
    TFILE: slots(Object.keys(tmpFiles)),
    SLRFILE: 'slr.slr',
    RHFILE: 'hmd.hmd',
    WNDFILE: 'wnd.wnd',
    BSNFILE: 'basins.bsn',
    PLANTDB: 'plant.dat',
    TILLDB: 'till.dat',
    PESTDB: 'pest.dat',
    FERTDB: 'fert.dat',
    URBANDB: 'urban.dat',
    IPDVAR: Array(20).fill(0),
    IPDVAS: Array(15).fill(0),
    IPDVAB: [...(input.hruVars ?? []).slice(0, 20), ...Array(20).fill(0)].slice(0, 20),
    IPDHRU: [...(input.hruPrint?.length ? input.hruPrint : defaultHruPrint(input.subbasins.reduce((n, s) => n + s.hrus.length, 0))).slice(0, 20), ...Array(20).fill(0)].slice(0, 20),
  };
  delete (cio as { layout?: unknown }).layout;

  const otherFiles: Record<string, string> = { ...input.otherFiles };
  const subbasins: SubbasinInputs[] = [];
  const reaches: ReachInputs[] = [];
  input.subbasins.forEach((s, i) => {
    const stem = `${pad(s.number, 5)}0000`;
    const sub = subParts[i]!;
    const hrus: HruInputs[] = [];
    s.hrus.forEach((h, k) => {
      const hs = `${pad(s.number, 5)}${pad(k + 1, 4)}`;
      const files = { hru: `${hs}.hru`, mgt: `${hs}.mgt`, sol: `${hs}.sol`, chm: `${hs}.chm`, gw: `${hs}.gw`, ops: '', sep: `${hs}.sep`, sdr: '' };
      const label = `HRU:${k + 1} Subbasin:${s.number} HRU:${k + 1} Luse:${h.landuse} Soil: ${h.soil} Slope: ${h.slopeClass}`;
      const hru = { ...clone(d.hru ?? {}), ...clone(h.parts.hru ?? {}) } as Hru;
      Object.assign(hru, { title: ` .hru file Watershed ${label}`, HRU_FR: h.fraction, HRU_SLP: h.slope, SLSUBBSN: h.slopeLength, OV_N: h.ovN });
      delete (hru as { layout?: unknown }).layout;
      const mgt = clone(need(h.parts.mgt ?? input.landUseMgt[h.landuse], `management (.mgt) for land use ${h.landuse}`));
      Object.assign(mgt, { title: ` .mgt file Watershed ${label}`, CN2: h.cn2 });
      delete (mgt as { layout?: unknown }).layout;
      const sol = clone(need(h.parts.sol ?? input.soils[h.soil], `soil ${h.soil}`));
      const chm = clone(need(h.parts.chm ?? d.chm, 'soil chemistry (.chm) defaults'));
      const gw = { ...clone(need(h.parts.gw ?? d.gw, 'groundwater (.gw) defaults')) } as Gw;
      delete (gw as { layout?: unknown }).layout;
      const sep = h.parts.sep ?? d.sep ? ({ ...clone((h.parts.sep ?? d.sep)!) } as Sep) : undefined;
      if (sep) delete (sep as { layout?: unknown }).layout;
      const sdr = h.parts.sdr ?? d.sdr;
      if (sdr) {
        files.sdr = `${hs}.sdr`;
        otherFiles[files.sdr] = sdr;
      }
      if (!sep) files.sep = '';
      hrus.push({ files, hru, mgt, sol, chm, gw, ...(sep ? { sep } : {}) });
    });
    Object.assign(sub, {
      title: ` .sub file Subbasin: ${s.number} ${s.name}`,
      SUB_KM: s.area,
      IRGAGE: pcp.gages.get(Number(sub.IRGAGE) || 1) ?? 1,
      ITGAGE: tmp.gages.get(Number(sub.ITGAGE) || 1) ?? 1,
      ISGAGE: slr.gages.get(Number(sub.ISGAGE) || 1) ?? 0,
      IHGAGE: hmd.gages.get(Number(sub.IHGAGE) || 1) ?? 0,
      IWGAGE: wnd.gages.get(Number(sub.IWGAGE) || 1) ?? 0,
      WGNFILE: `${stem}.wgn`,
      PNDFILE: `${stem}.pnd`,
      WUSFILE: `${stem}.wus`,
      HRUTOT: hrus.length,
      hruFiles: hrus.map((h) => h.files),
      hruSectionText: sub.hruSectionText ?? [],
    });
    if (s.elevation !== null && s.elevation !== undefined && !(Number(sub.SUB_ELEV) > 0)) sub.SUB_ELEV = s.elevation;
    delete (sub as { layout?: unknown }).layout;
    const strip = <T extends object | undefined>(o: T): T => {
      if (o) delete (o as { layout?: unknown }).layout;
      return o;
    };
    subbasins.push({
      number: s.number,
      file: `${stem}.sub`,
      sub,
      wgn: strip(clone(need(s.parts.wgn ?? d.wgn, 'weather generator (.wgn) data'))),
      pnd: strip(clone(s.parts.pnd ?? d.pnd)),
      wus: strip(clone(s.parts.wus ?? d.wus)),
      hrus,
    });
    reaches.push({
      number: s.number,
      rteFile: `${stem}.rte`,
      swqFile: `${stem}.swq`,
      rte: strip(clone(need(s.parts.rte ?? d.rte, 'reach (.rte) data'))),
      swq: strip(clone(s.parts.swq ?? d.swq)),
    });
  });

  const bsn = clone(input.bsn);
  delete (bsn as { layout?: unknown }).layout;
  return {
    cio,
    fig: buildFig(input.subbasins),
    bsn,
    subbasins,
    reaches,
    weather: {
      pcp: pcpFiles,
      tmp: tmpFiles,
      ...(slr.stations.length ? { slr: series(slr, 'Input File slr.slr') } : {}),
      ...(hmd.stations.length ? { hmd: series(hmd, 'Input File hmd.hmd') } : {}),
      ...(wnd.stations.length ? { wnd: series(wnd, 'Input File wnd.wnd') } : {}),
    },
    databases: input.databases,
    otherFiles,
    warnings: [],
  };
}
