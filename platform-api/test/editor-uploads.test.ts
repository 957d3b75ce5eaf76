// Point sources (Ptsrc) and land use update (Lup) through the API on a project of the demo dataset
// (LREW, all 134 HRUs): the pages' calls, the sample files and the HRU CSV, zip uploads — and the
// uploads refused with clear messages while what was saved stays as it was (a path leaving the
// archive, a zip bomb, names that are not the samples', a malformed CSV, fractions not adding to
// 1, too many files, a file too large, no sign-in); temporary files never outlive a request; and
// the effects in the outputs of runs (2003–2007, daily, 2 warm-up years): a constant point
// source adds its flow to every reach downstream of its subbasin and to no other; forest turned
// urban by a land use update on 1 January 2006 raises surface runoff from 2006 on only.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutputStd } from '@headwater/swat/output/index.ts';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
const work = mkdtempSync(join(tmpdir(), 'hw-uploads-test-'));
const get = (path: string) => app.request(`/api/${path}`, { token: admin });
const effects: string[] = [];

async function upload(path: string, name: string, data: Uint8Array | string, token: string | null = admin) {
  const fd = new FormData();
  fd.append('file', new Blob([typeof data === 'string' ? data : Buffer.from(data)]), name);
  const res = await fetch(`${app.url}/api/${path}`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: fd });
  const text = await res.text();
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}
const zip = (files: Record<string, string | Uint8Array>) => zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v])));
async function download(path: string): Promise<{ status: number; text: string; bytes: Uint8Array }> {
  const res = await fetch(`${app.url}/api/${path}${path.includes('?') ? '&' : '?'}access_token=${admin}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, text: new TextDecoder().decode(bytes), bytes };
}
const tmpUploads = () => join(app.config.filesDir, 'tmp', 'uploads');
const leftovers = () => (existsSync(tmpUploads()) ? readdirSync(tmpUploads()) : []);

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
}, 120_000);

afterAll(async () => {
  if (effects.length) console.log(['', '| effect | baseline | changed |', '|---|---|---|', ...effects].join('\n'));
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('point sources (Ptsrc)', () => {
  let scenario: number;
  let constant: string;
  it('answers the page: no changes yet, the four sample files', async () => {
    scenario = await f.createScenario({ name: 'Point source' });
    const page = (await get(`scenarios/subbasin/pointsource/${scenario}`)).body;
    expect(page).toMatchObject({ hasMods: false, userDataUrl: null, sources: [], subbasins: ['1', '2', '3'] });
    expect(Object.keys(page.sampleFiles)).toEqual(['constant', 'daily', 'monthly', 'yearly']);
    const daily = await download(page.sampleFiles.daily.replace('/api/', ''));
    expect(daily.text.split('\r\n')[0]).toMatch(/^SUBBASIN,YEAR,DAY,FLODAY,SEDDAY,/);
    expect(daily.text.trim().split('\r\n')).toHaveLength(1 + 365 * 5 + 1) // 2003–2007, 2004 a leap year;
    constant = (await download(page.sampleFiles.constant.replace('/api/', ''))).text;
    expect(constant.split('\r\n')[1]).toMatch(/^1,1000,/);
  });

  it('takes a zip of the sample files and replaces the scenario\'s point sources with it', async () => {
    // 8,640 m³/day (0.1 m³/s) into subbasin 1, nothing else
    const csv = constant.replace(/\r\n1,[^\r\n]*/, `\r\n1,8640${',0'.repeat(17)}`);
    const res = await upload(`scenarios/subbasin/pointsource/${scenario}`, 'sources.zip', zip({ 'pointsource_constant.csv': csv }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMods: true, sources: [{ subbasin: '1', kind: 'constant', rows: 1 }] });
    expect((await get(`scenarios/getmods/${scenario}/Ptsrc`)).body.map((m: { value: string }) => m.value)).toEqual(['1 point source: subbasin 1 (constant)']);
    const current = await download(res.body.userDataUrl.replace('/api/', ''));
    expect(new TextDecoder().decode(unzipSync(current.bytes)['pointsource_constant.csv'])).toBe(csv);
  });

  it('refuses unsafe and wrong uploads with clear messages and keeps what was saved', async () => {
    const path = `scenarios/subbasin/pointsource/${scenario}`;
    const saved = (await get(path)).body;
    const refused = async (name: string, data: Uint8Array | string, token: string | null = admin) => {
      const r = await upload(path, name, data, token);
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      return r.body?.errors?.file ?? r.body;
    };
    expect(await refused('sources.txt', 'x')).toEqual(['Please upload a .zip file.']);
    expect(await refused('sources.zip', zip({ '../pointsource_constant.csv': constant }))).toEqual([
      "../pointsource_constant.csv: a file of the zip archive may not be stored outside it (absolute paths, '..', drive letters and backslashes are refused).",
    ]);
    const [bomb] = await refused('sources.zip', zip({ 'pointsource_daily.csv': new Uint8Array(40 * 1024 * 1024) }));
    expect(bomb).toMatch(/^pointsource_daily\.csv: expands \d+ times its compressed size; the archive looks like a zip bomb and is refused\.$/);
    expect(await refused('sources.zip', zip({ 'my_sources.csv': constant }))).toEqual([
      'my_sources.csv: not an expected file name (pointsource_constant.csv, pointsource_daily.csv, pointsource_monthly.csv, pointsource_yearly.csv).',
    ]);
    expect(await refused('sources.zip', zip({ 'pointsource_constant.csv': 'SUBBASIN,FLOCNST\n1,lots\n7,5\n' }))).toEqual([
      'pointsource_constant.csv: line 2, column FLOCNST: Must be a number',
      'pointsource_constant.csv: line 3, column SUBBASIN: Subbasin 7 is not a subbasin of this project',
    ]);
    expect(await refused('sources.zip', zip({ 'pointsource_constant.csv': 'SUBBASIN,FLOCNST\n2,5\n', 'pointsource_yearly.csv': 'SUBBASIN,YEAR,FLOYR\n2,2005,5\n' }))).toEqual([
      'pointsource_yearly.csv: line 2, column SUBBASIN: Subbasin 2 already has constant records (pointsource_constant.csv): one kind of record per subbasin',
    ]);
    expect(await refused('sources.zip', 'PK this is not a zip')).toEqual(['The file is not a valid zip archive.']);
    expect(await refused('sources.zip', new Uint8Array(21 * 1024 * 1024))).toEqual(['The file is larger than 20 MB.']);
    expect((await upload(path, 'sources.zip', zip({ 'pointsource_constant.csv': constant }), null)).status).toBe(401);
    // nothing saved changed, and no temporary file is left
    expect((await get(path)).body).toEqual(saved);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('a constant point source adds its flow to every reach downstream of its subbasin', async () => {
    const baseline = await f.createScenario({ name: 'Baseline' });
    await f.run(baseline);
    await f.run(scenario);
    const dir = await f.scenarioFiles(scenario, join(work, 'ptsrc'));
    const sp = await readTxtInOut(dir, { weather: false, databases: false });
    expect(sp.fig.commands.find((c) => c.command === 'reccnst')?.files).toEqual(['ps00001c.dat']);
    // the reaches downstream of subbasin 1, from the routing
    const down = new Map<number, number>();
    // the next reach routing a subbasin's outflow: through the adds that take it, to a route
    const dsOf = (sub: number) => {
      let hyd = sp.fig.commands.find((c) => c.icode === 2 && c.inum1 === sub)!.ihout;
      for (;;) {
        const next = sp.fig.commands.find((c) => (c.icode === 5 && (c.inum1 === hyd || c.inum2 === hyd)) || (c.icode === 2 && c.inum2 === hyd));
        if (!next) return undefined;
        if (next.icode === 2) return next.inum1;
        hyd = next.ihout;
      }
    };
    for (let s: number | undefined = 1; s !== undefined; s = dsOf(s)) down.set(s, s);
    const flows = async (id: number) => {
      const res = await app.request(`/api/scenarios/output/map/${id}`, { token: admin, body: { outputType: 'OutputRch', statistic: 'averageAnnual', parameter: 'FLOW_OUT', units: 0, compareScenarios: [] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return new Map((res.body.scenarioMaps[0].mapData as { number: number; value: number }[]).map((x) => [x.number, x.value]));
    };
    const [a, b] = [await flows(baseline), await flows(scenario)];
    for (const [reach, q] of a) {
      const added = b.get(reach)! - q;
      effects.push(`| constant point source of 0.1 m³/s in subbasin 1: reach ${reach} FLOW_OUT, m³/s (${down.has(reach) ? 'downstream' : 'not downstream'}) | ${q.toFixed(4)} | ${b.get(reach)!.toFixed(4)} (${added >= 0 ? '+' : ''}${added.toFixed(4)}) |`);
      if (down.has(reach)) expect(added).toBeGreaterThan(0.09);
      else expect(Math.abs(added)).toBeLessThan(1e-6);
    }
    expect(down.size).toBeGreaterThan(1);
  }, 400_000);
});

describe('land use update (Lup)', () => {
  let scenario: number;
  let hrusCsv: string;
  it('answers the page and the HRU CSV to start from', async () => {
    scenario = await f.createScenario({ name: 'Land use update' });
    const page = (await get(`scenarios/general/lup/${scenario}`)).body;
    expect(page).toMatchObject({ hasMods: false, userDataUrl: null, iclus: { isAvailable: false, isUsing: false }, updates: [] });
    hrusCsv = (await download(page.hrusCsvUrl.replace('/api/', ''))).text;
    expect(hrusCsv.split('\r\n')[0]).toBe('HRU_ID,SUBBASIN,LANDUSE,SOIL,SLOPE,AREA_KM2,HRU_FR');
    expect(hrusCsv.trim().split('\r\n')).toHaveLength(135);
    const iclus = await app.request(`/api/scenarios/general/lupiclus/${scenario}`, { method: 'PUT', token: admin, body: { value: true } });
    expect(iclus.body).toEqual({ errors: { value: ['This dataset has no ICLUS land use projections.'] } });
  });

  let file: string;
  it('refuses files whose fractions do not add to 1, wrong names, too many files; keeps what was saved', async () => {
    const path = `scenarios/general/lup/${scenario}`;
    const bad = hrusCsv.replace(/\r\n(\d+),1,([^,]+),([^,]+),([^,]+),([^,]+),([\d.]+)\r\n/, (_m, id, lu, soil, slope, area) => `\r\n${id},1,${lu},${soil},${slope},${area},0.9\r\n`);
    const r = await upload(path, 'updates.zip', zip({ '2006-01-01.csv': bad, 'notes.txt': 'x' }));
    expect(r.status).toBe(400);
    expect(r.body.errors.file).toEqual(['notes.txt: not an expected file name (yyyy-mm-dd.csv, a real date).']);
    const r2 = await upload(path, 'updates.zip', zip({ '2006-01-01.csv': bad }));
    expect(r2.body.errors.file).toEqual([expect.stringMatching(/^2006-01-01\.csv: line 2, column HRU_FR: the fractions of subbasin 1 add up to \d\.\d+, not 1$/)]);
    const many = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`2006-01-${String(i + 1).padStart(2, '0')}.csv`, hrusCsv]));
    expect((await upload(path, 'updates.zip', zip(many))).body.errors.file).toEqual(['The zip archive holds more than 25 files.']);
    expect((await get(`scenarios/getmods/${scenario}/Lup`)).body).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('forest turned urban on 2006-01-01 raises surface runoff from 2006 on only', async () => {
    // the baseline's HRUs: forest gives its area to the subbasin's urban HRU with the most runoff
    const baseline = await f.createScenario({ name: 'Baseline (land use)' });
    await f.run(baseline);
    const baseDir = await f.scenarioFiles(baseline, join(work, 'lup-base'));
    const std = await readOutputStd(join(baseDir, 'output.std'));
    const surq = new Map(std.hruAverages.map((h) => [h.hru, h.values.SURQmm ?? 0]));
    const rows = hrusCsv.trim().split('\r\n').slice(1).map((l) => l.split(','));
    const bySub = new Map<string, number[]>();
    rows.forEach((r, i) => bySub.set(r[1]!, [...(bySub.get(r[1]!) ?? []), i]));
    for (const idx of bySub.values()) {
      const urban = idx.filter((i) => rows[i]![2] === 'URLD').sort((x, y) => surq.get(y + 1)! - surq.get(x + 1)!)[0]!;
      let moved = 0;
      for (const i of idx) if (rows[i]![2] === 'FRSE' || rows[i]![2] === 'FRSD') {
        moved += Number(rows[i]![6]);
        rows[i]![6] = '0';
      }
      rows[urban]![6] = String(Number(rows[urban]![6]) + moved);
    }
    file = ['HRU_ID,SUBBASIN,LANDUSE,SOIL,SLOPE,AREA_KM2,HRU_FR', ...rows.map((r) => r.join(','))].join('\r\n');
    const res = await upload(`scenarios/general/lup/${scenario}`, 'updates.zip', zip({ '2006-01-01.csv': file }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ hasMods: true, updates: [{ date: '2006-01-01', subbasins: 3, hrus: 134 }] });
    await f.run(scenario);
    const dir = await f.scenarioFiles(scenario, join(work, 'lup'));
    const out = await readOutputStd(join(dir, 'output.std'));
    const year = (s: typeof out, y: number) => s.annualSummaries.find((x) => x.year === y)!.values.SURQ!;
    for (const y of [2005, 2006, 2007]) effects.push(`| forest to urban on 2006-01-01 (land use update): basin SURQ ${y}, mm | ${year(std, y).toFixed(2)} | ${year(out, y).toFixed(2)} |`);
    expect(year(out, 2005)).toBeCloseTo(year(std, 2005), 6);
    expect(year(out, 2006)).toBeGreaterThan(year(std, 2006));
    expect(year(out, 2007)).toBeGreaterThan(year(std, 2007));
    // the written lup.dat and its file
    const sp = await readTxtInOut(dir, { weather: false, databases: false });
    expect(sp.otherFiles['lup.dat']).toBe('    1    1    1 2006 lup1.dat\r\n');
  }, 400_000);
});
