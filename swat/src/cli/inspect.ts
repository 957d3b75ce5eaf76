// hw-swat inspect [dir]: JSON summary of a SWAT2012 TxtInOut folder (simulation period, print
// settings, counts, weather stations, area, land uses and soils with their areas, databases).
import { readTxtInOut } from '../txtinout/project.ts';
import type { SwatProject } from '../txtinout/types.ts';

export const summary = 'print a JSON summary of a SWAT TxtInOut folder (period, counts, land uses, soils)';

const IPRINT_NAMES: Record<number, string> = { 0: 'monthly', 1: 'daily', 2: 'yearly' };

function julianToIso(year: number, day: number): string {
  const d = new Date(Date.UTC(year, 0, 1));
  d.setUTCDate(day);
  return d.toISOString().slice(0, 10);
}

function fromYyyyddd(v: number | undefined): string | null {
  if (!v) return null;
  return julianToIso(Math.floor(v / 1000), v % 1000);
}

/** "Luse:AGRL" in the title ArcSWAT and HAWQS write on each HRU file. */
function titleField(title: string, key: string): string | undefined {
  const i = title.indexOf(key);
  if (i < 0) return undefined;
  const rest = title.slice(i + key.length).trimStart();
  const t = rest.split(/\s+/)[0];
  return t || undefined;
}

const round = (v: number, d = 4): number => Number(v.toFixed(d));

export function summarize(p: SwatProject, dir: string): Record<string, unknown> {
  const { cio } = p;
  const nonzero = (a: number[]): number[] => a.filter((v) => v !== 0);
  const plantName = new Map<number, string>();
  for (const r of p.databases?.plant ?? []) plantName.set(r.ICNUM, r.CPNM);
  const landUses = new Map<string, { areaKm2: number; hrus: number }>();
  const soils = new Map<string, { areaKm2: number; hrus: number }>();
  let area = 0;
  let hruCount = 0;
  let hrusRead = 0;
  for (const s of p.subbasins) {
    area += s.sub.SUB_KM;
    for (const h of s.hrus) {
      hruCount++;
      if (h.hru) hrusRead++;
      const a = (h.hru?.HRU_FR ?? 0) * s.sub.SUB_KM;
      let lu = h.hru ? titleField(h.hru.title, 'Luse:') : undefined;
      if (!lu && h.mgt) {
        const plant = h.mgt.operations.find((o) => o.op === 1);
        const id = h.mgt.IGRO === 1 ? h.mgt.PLANT_ID : plant && plant.op === 1 ? plant.PLANT_ID : 0;
        lu = plantName.get(id) ?? (id ? `plant ${id}` : undefined);
      }
      const key = lu ?? 'unknown';
      const e = landUses.get(key) ?? { areaKm2: 0, hrus: 0 };
      e.areaKm2 += a;
      e.hrus++;
      landUses.set(key, e);
      const soil = h.sol?.SNAM || (h.hru ? titleField(h.hru.title, 'Soil:') : undefined) || 'unknown';
      const se = soils.get(soil) ?? { areaKm2: 0, hrus: 0 };
      se.areaKm2 += a;
      se.hrus++;
      soils.set(soil, se);
    }
  }
  const table = (m: Map<string, { areaKm2: number; hrus: number }>) =>
    [...m.entries()]
      .sort((a, b) => b[1].areaKm2 - a[1].areaKm2)
      .map(([name, v]) => ({
        name,
        areaKm2: round(v.areaKm2),
        percent: area > 0 ? round((100 * v.areaKm2) / area, 2) : 0,
        hrus: v.hrus,
      }));
  const lastYear = cio.IYR + cio.NBYR - 1;
  const w = p.weather;
  const gage = (name: string, f: { stations: { name: string; lat: number; long: number; elev: number }[]; dates: Int32Array }) => ({
    file: name,
    stations: f.stations,
    rows: f.dates.length,
    first: fromYyyyddd(f.dates[0]),
    last: fromYyyyddd(f.dates[f.dates.length - 1]),
  });
  const series = (file: string, f: { values: Float64Array[]; dates: Int32Array } | undefined) =>
    f ? { file, records: f.values.length, rows: f.dates.length, first: fromYyyyddd(f.dates[0]), last: fromYyyyddd(f.dates[f.dates.length - 1]) } : null;
  const cmdCount = (codes: number[]) => p.fig.commands.filter((c) => codes.includes(c.icode)).length;
  return {
    dir,
    simulation: {
      NBYR: cio.NBYR,
      IYR: cio.IYR,
      IDAF: cio.IDAF,
      IDAL: cio.IDAL,
      start: julianToIso(cio.IYR, cio.IDAF || 1),
      end: julianToIso(lastYear, cio.IDAL || 365),
      NYSKIP: cio.NYSKIP,
      firstPrintedYear: cio.IYR + cio.NYSKIP,
    },
    print: {
      IPRINT: cio.IPRINT,
      timestep: IPRINT_NAMES[cio.IPRINT] ?? 'unknown',
      ICALEN: cio.ICALEN,
      ILOG: cio.ILOG,
      IPRP: cio.IPRP,
      reachVariables: nonzero(cio.IPDVAR),
      subbasinVariables: nonzero(cio.IPDVAS),
      hruVariables: nonzero(cio.IPDVAB),
      hrusPrinted: nonzero(cio.IPDHRU),
    },
    counts: {
      subbasins: p.subbasins.length,
      subbasinsInFig: cmdCount([1]),
      hrus: hruCount,
      hrusRead,
      reaches: p.reaches.length,
      reservoirs: cmdCount([3]),
      inlets: cmdCount([6, 7, 8, 10, 11]),
      figCommands: p.fig.commands.length,
    },
    areaKm2: round(area),
    climate: {
      PCPSIM: cio.PCPSIM,
      TMPSIM: cio.TMPSIM,
      SLRSIM: cio.SLRSIM,
      RHSIM: cio.RHSIM,
      WNDSIM: cio.WNDSIM,
      pcp: w ? Object.entries(w.pcp).map(([n, f]) => gage(n, f)) : [],
      tmp: w ? Object.entries(w.tmp).map(([n, f]) => gage(n, f)) : [],
      slr: series(cio.SLRFILE, w?.slr),
      hmd: series(cio.RHFILE, w?.hmd),
      wnd: series(cio.WNDFILE, w?.wnd),
      weatherGenerators: p.subbasins.filter((s) => s.wgn).length,
    },
    landUses: table(landUses),
    soils: table(soils),
    databases: p.databases
      ? {
          [cio.PLANTDB]: p.databases.plant.length,
          [cio.FERTDB]: p.databases.fert.length,
          [cio.TILLDB]: p.databases.till.length,
          [cio.PESTDB]: p.databases.pest.length,
          [cio.URBANDB]: p.databases.urban.length,
        }
      : null,
    otherFiles: Object.keys(p.otherFiles).length,
    warnings: p.warnings,
  };
}

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write('usage: hw-swat inspect [dir] [--no-weather]\n' + summary + '\n');
    return 0;
  }
  const args = argv.filter((a) => !a.startsWith('--'));
  if (args.length > 1) {
    process.stderr.write('hw-swat inspect: expected at most one folder\n');
    return 2;
  }
  const dir = args[0] ?? '.';
  let project: SwatProject;
  try {
    project = await readTxtInOut(dir, { weather: !argv.includes('--no-weather'), otherFiles: true });
  } catch (err) {
    process.stderr.write(`hw-swat inspect: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  process.stdout.write(JSON.stringify(summarize(project, dir), null, 2) + '\n');
  return 0;
}
