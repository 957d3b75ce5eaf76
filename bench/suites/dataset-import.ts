// Importing an uploaded SWAT project (issue 18, speed): a synthetic 2,000-subbasin / 150,000-HRU
// watershed (datasets/src/synthetic.ts) written as a TxtInOut folder (@headwater/swat's
// assembleProject + writeTxtInOut, as a scenario run writes one), then imported by the platform's
// import pipeline (modules/datasets/import/job.ts `importProjectFolder`: read, convert, load in
// one transaction) into a throwaway PostgreSQL database. The import runs in a child process so
// its peak RSS is its own.
//
//   npm run bench -- dataset-import        (BENCH_SUBBASINS / BENCH_HRUS / BENCH_YEARS to scale)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..', '..');
const SUBBASINS = Number(process.env.BENCH_SUBBASINS ?? 2000);
const HRUS = Number(process.env.BENCH_HRUS ?? 150_000);
const YEARS = (process.env.BENCH_YEARS ?? '2000-2002').split('-').map(Number) as [number, number];
const CHILD = 'HW_BENCH_IMPORT_CHILD';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.href;
}

/** The synthetic watershed as a TxtInOut folder. */
async function writeSyntheticTxtInOut(dir: string): Promise<void> {
  const { generateSynthetic } = await import('../../datasets/src/synthetic.ts');
  const { parseWeatherCsv } = await import('../../datasets/src/format.ts');
  const { assembleProject, writeTxtInOut } = await import('../../swat/src/txtinout/index.ts');
  const ds = generateSynthetic({ subbasins: SUBBASINS, hrus: HRUS, seed: 1, years: YEARS });
  const w = ds.descriptor.weather![0]!;
  const csv = parseWeatherCsv(ds.weatherCsv);
  const weather = { pcp: [], tmp: [], slr: [], hmd: [], wnd: [] } as Record<string, any[]>;
  for (const s of w.stations) {
    const st: Record<string, unknown> = { gage: s.gage, name: s.name, lat: s.lat ?? 0, lon: s.lon ?? 0, elevation: s.elevation ?? 0 };
    if (s.variable === 'tmp') (st.tmax = csv.columns.get(s.columns[0]!)), (st.tmin = csv.columns.get(s.columns[1]!));
    else st.values = csv.columns.get(s.columns[0]!);
    weather[s.variable]!.push(st);
  }
  const number = new Map(ds.subbasins.map((f, i) => [f.properties.name, i + 1]));
  const subs = ds.subbasins.map((f, i) => ({
    number: i + 1,
    name: f.properties.name,
    downstream: f.properties.downstream ? number.get(f.properties.downstream)! : null,
    area: f.properties.area,
    elevation: f.properties.elevation,
    parts: (ds.swat.subbasins[f.properties.name] ?? {}) as never,
    hrus: [] as any[],
  }));
  for (const h of ds.hrus) {
    subs[number.get(h.subbasin)! - 1]!.hrus.push({ landuse: h.landuse, soil: h.soil, slopeClass: h.slopeClass, fraction: h.fraction, slope: h.slope, slopeLength: h.slopeLength, cn2: h.cn2, ovN: h.ovN, parts: (ds.swat.hrus[h.gisId] ?? {}) as never });
  }
  const d = ds.swat.dataset as Record<string, any>;
  const project = assembleProject({
    title: 'Synthetic 2000 / 150000',
    cio: d.cio ?? {},
    bsn: d.bsn,
    databases: d.databases,
    otherFiles: d.otherFiles ?? {},
    defaults: d.defaults ?? {},
    soils: Object.fromEntries(Object.entries(ds.swat.soils).map(([k, v]) => [k, (v as any).sol])),
    landUseMgt: Object.fromEntries(Object.entries(ds.swat.landUses).map(([k, v]) => [k, (v as any).mgt])),
    subbasins: subs,
    weather: weather as never,
    period: { start: w.startDate, end: w.endDate, skipYears: 0, printSetting: 0 },
  });
  await writeTxtInOut(project, dir);
}

/** The child: imports `dir` into the database, prints its figures as JSON. */
async function child(dir: string, url: string): Promise<void> {
  const { createDb, migrate } = await import('../../platform-api/src/db/index.ts');
  const { importProjectFolder } = await import('../../platform-api/src/modules/datasets/import/job.ts');
  const db = createDb({ databaseUrl: url, dataDir: '' });
  await migrate(db);
  const steps: Record<string, number> = {};
  const t0 = performance.now();
  let last = t0;
  let lastStep = 'start';
  const r = await importProjectFolder(db, dir, undefined, { key: 'bench-import', name: 'Synthetic import', description: '', attribution: '', kind: 'txtinout' }, {
    onProgress: (p, m) => {
      const step = m.replace(/[\d,]+ of [\d,]+/, 'n').replace(/\d[\d,]*/g, 'n');
      if (step !== lastStep) {
        const now = performance.now();
        steps[lastStep] = (steps[lastStep] ?? 0) + (now - last);
        last = now;
        lastStep = step;
      }
    },
  });
  steps[lastStep] = (steps[lastStep] ?? 0) + (performance.now() - last);
  await db.destroy();
  process.stdout.write(
    JSON.stringify({
      seconds: (performance.now() - t0) / 1000,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      subbasins: r.subbasins,
      hrus: r.hrus,
      steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, +(v / 1000).toFixed(1)])),
    }) + '\n',
  );
}

if (process.env[CHILD]) {
  const [dir, url] = JSON.parse(process.env[CHILD]) as [string, string];
  await child(dir, url);
}

export default async function datasetImport(): Promise<Record<string, string | number>> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hw_bench_imp_${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), 'hw-bench-import-'));
  const figures: Record<string, string | number> = { subbasins: SUBBASINS, hrus: HRUS, years: `${YEARS[0]}–${YEARS[1]}` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    let t = performance.now();
    await writeSyntheticTxtInOut(join(dir, 'TxtInOut'));
    figures['write the TxtInOut (s)'] = +((performance.now() - t) / 1000).toFixed(1);
    t = performance.now();
    const out = await new Promise<string>((resolve, reject) => {
      const c = spawn(process.execPath, ['--max-old-space-size=6144', join(import.meta.dirname, 'dataset-import.ts')], {
        cwd: root,
        env: { ...process.env, [CHILD]: JSON.stringify([join(dir, 'TxtInOut'), withDatabase(adminUrl, name)]) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      c.stdout.on('data', (b) => (stdout += b));
      c.stderr.on('data', (b) => (stderr += b));
      c.on('exit', (code, signal) => (code === 0 ? resolve(stdout) : reject(new Error(`import child exited with ${code ?? signal}: ${stderr.slice(-2000)}`))));
    });
    const r = JSON.parse(out.trim().split('\n').pop()!) as { seconds: number; peakRssMb: number; subbasins: number; hrus: number; steps: Record<string, number> };
    figures['import: read, convert, load (s)'] = +r.seconds.toFixed(1);
    figures['import: peak RSS (MB)'] = Math.round(r.peakRssMb);
    figures['imported subbasins'] = r.subbasins;
    figures['imported HRUs'] = r.hrus;
    for (const [k, v] of Object.entries(r.steps)) figures[`  step: ${k} (s)`] = v;
    figures['import child wall time (s)'] = +((performance.now() - t) / 1000).toFixed(1);
    // said at once: removing ~900,000 files afterwards takes long on a busy disk
    process.stdout.write(`  figures: ${JSON.stringify(figures)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}
