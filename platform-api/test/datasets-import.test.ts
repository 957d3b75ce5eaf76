// Uploaded project datasets through the API (issue 18; spec 3 §2.2, §3–§7): the LREW ArcSWAT
// project (TxtInOut + subbasin/stream shapefiles in Albers) becomes a dataset equal to the
// shipped demo one; a bare TxtInOut gets the routing schematic; the HAWQS subset is recognised
// and refused with the missing files named, leaving nothing behind; hostile zips are refused;
// tier access and sharing decide who sees what. Zips are built here from the repository's
// fixtures (swat/test/fixtures), never from ../shared.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { request as httpRequest } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip, UPLOAD_MESSAGES } from '@headwater/plugin-sdk/server';
import { fixtureProject, FIXTURES } from '@headwater/swat/test-fixtures';
import { startProcessing } from '../src/jobs/processors.ts';
import { createUser } from '../src/modules/users/service.ts';
import { loadDatasetDir } from '../src/modules/datasets/loader.ts';
import { DATASET_MESSAGES } from '../src/modules/datasets/imports.ts';
import { SCHEMATIC_LABEL } from '../src/modules/datasets/import/convert.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
let admin: string;
const PASSWORD = 'Correct-horse-1';
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];
let lrewTio: string;
let demoId: number;
let lrewImport: number;
let lrewDataset: number;

function person(userName: string) {
  return { firstName: 'Tess', lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Watershed Lab', reasonForUse: 'Testing datasets' };
}

async function user(userName: string, tier: string | null): Promise<void> {
  const { userName: _u, email, password, firstName, lastName } = person(userName);
  const row = await createUser({ userName, email, password, firstName, lastName, roles: ['Registered'], emailConfirmed: true, mfaExempt: true });
  ids[userName] = row.id;
  if (tier) await app.deps.db('users').where('id', row.id).update({ tierId: (await app.deps.db('tiers').where('name', tier).first()).id });
  tokens[userName] = await app.login(userName, PASSWORD);
}

/** Every file under `dir` as zip entries named `prefix/<relative path>`. */
function entriesOf(dir: string, prefix: string): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ name: `${prefix}${relative(dir, p).split(sep).join('/')}`, data: readFileSync(p) });
    }
  };
  walk(dir);
  return out;
}

/** The same archive with zip64 end records (what zip tools write past 65,535 files). */
function asZip64(zip: Buffer): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const total = zip.readUInt16LE(eocd + 10);
  const rec = Buffer.alloc(56);
  rec.writeUInt32LE(0x06064b50, 0);
  rec.writeBigUInt64LE(44n, 4);
  rec.writeUInt16LE(45, 12);
  rec.writeUInt16LE(45, 14);
  rec.writeBigUInt64LE(BigInt(total), 24);
  rec.writeBigUInt64LE(BigInt(total), 32);
  rec.writeBigUInt64LE(BigInt(zip.readUInt32LE(eocd + 12)), 40);
  rec.writeBigUInt64LE(BigInt(zip.readUInt32LE(eocd + 16)), 48);
  const loc = Buffer.alloc(20);
  loc.writeUInt32LE(0x07064b50, 0);
  loc.writeBigUInt64LE(BigInt(eocd), 8);
  loc.writeUInt32LE(1, 16);
  const end = Buffer.from(zip.subarray(eocd));
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, eocd), rec, loc, end]);
}

async function upload(token: string, data: Buffer, fileName = 'project.zip'): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  const res = await fetch(`${app.url}/api/importdatasets/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

async function waitForImport(token: string, id: number): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const r = await app.request(`/api/importdatasets/${id}`, { token });
    if (r.status === 200 && !r.body.status.isRunning) return r.body;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error('import did not finish');
}

const uploadsLeft = () => (existsSync(join(app.config.filesDir, 'imports')) ? readdirSync(join(app.config.filesDir, 'imports')).length : 0);

beforeAll(async () => {
  app = await startTestApp();
  startProcessing(app.deps, 1);
  admin = await app.login('admin', 'Admin-pass-123');
  demoId = (await loadDatasetDir(app.deps.db, join(import.meta.dirname, '..', '..', 'datasets', 'lrew'))).datasetId;
  await user('uploader', 'Tier II');
  await user('basic', null);
  await user('friend', null);
  lrewTio = fixtureProject('lrew_swat2012');
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  rmSync(lrewTio, { recursive: true, force: true });
  await app?.close();
});

describe('upload access from the tier', () => {
  it('a tier without uploads (0) gets the notice and a refusal', async () => {
    const o = await app.request('/api/importdatasets/options', { token: tokens.basic });
    expect(o.body).toMatchObject({ hasAccess: false, canDoHawqsBased: false });
    const r = await upload(tokens.basic, writeZip([{ name: 'a.txt', data: 'x' }]));
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.body)).toContain(DATASET_MESSAGES.noAccess);
  });
  it('Tier II has 5 uploads left', async () => {
    const o = await app.request('/api/importdatasets/options', { token: tokens.uploader });
    expect(o.body).toMatchObject({ hasAccess: true, reachedLimit: false, uploadLimit: 5, canDoHawqsBased: false });
  });
});

describe('hostile and wrong uploads are refused, nothing kept', () => {
  it('not a zip, traversal, links, bombs, an announced size over 1 GB', async () => {
    const before = uploadsLeft();
    const notZip = await upload(tokens.uploader, Buffer.from('plain text, not an archive'), 'project.zip');
    expect(notZip.status).toBe(400);
    expect(notZip.body.errors.file).toEqual([UPLOAD_MESSAGES.notZip]);
    const wrongExt = await upload(tokens.uploader, writeZip([{ name: 'file.cio', data: 'x' }]), 'project.rar');
    expect(wrongExt.body.errors.file).toEqual([UPLOAD_MESSAGES.extension(['.zip'])]);

    const traversal = await upload(tokens.uploader, writeZip([{ name: '../../etc/evil.sh', data: 'x' }, { name: 'TxtInOut/file.cio', data: 'x' }]));
    expect(traversal.status).toBe(400);
    expect(traversal.body.errors.file[0]).toBe(UPLOAD_MESSAGES.unsafePath('../../etc/evil.sh'));

    // a Unix symbolic link entry: version made by 3 (Unix), S_IFLNK in the external attributes
    const link = writeZip([{ name: 'TxtInOut/file.cio', data: '/etc/passwd' }]);
    const cd = link.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    link.writeUInt16LE(0x0314, cd + 4);
    link.writeUInt32LE((0o120777 << 16) >>> 0, cd + 38);
    const linked = await upload(tokens.uploader, link);
    expect(linked.body.errors.file).toEqual([UPLOAD_MESSAGES.link('TxtInOut/file.cio')]);

    const bomb = await upload(tokens.uploader, writeZip([{ name: 'TxtInOut/pcp1.pcp', data: Buffer.alloc(20 * 1024 * 1024) }]));
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors.file[0]).toMatch(/zip bomb/);

    // a zip that lies about its sizes: inflating stops at the declared size
    const liar = writeZip([{ name: 'TxtInOut/file.cio', data: Buffer.alloc(50_000, 65) }]);
    const cd2 = liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(100, cd2 + 24);
    const lied = await upload(tokens.uploader, liar);
    expect(lied.body.errors.file).toEqual([UPLOAD_MESSAGES.corrupt('TxtInOut/file.cio')]);

    const noProject = await upload(tokens.uploader, writeZip([{ name: 'notes/readme.txt', data: 'hello' }]));
    expect(noProject.body.errors.file[0]).toMatch(/no TxtInOut folder with a file.cio/);

    // over 1 GB announced: refused before the body is read
    const big = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${app.url}/api/importdatasets/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.uploader}`, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(1100 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let b = '';
        res.on('data', (c) => (b += c));
        res.on('end', () => {
          req.destroy(); // the rest of the announced body is never sent
          resolve({ status: res.statusCode!, body: b });
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(big.status).toBe(400);
    expect(big.body).toContain(UPLOAD_MESSAGES.tooLarge(1000 * 1024 * 1024));

    expect(uploadsLeft()).toBe(before);
    expect(readdirSync(join(app.config.filesDir, 'tmp', 'uploads')).length).toBe(0);
  });
});

describe('an ArcSWAT project: TxtInOut and Watershed/Shapes (Albers)', () => {
  it('uploads, reveals the outlet, imports with live progress and equals the demo dataset', async () => {
    const shapes = join(FIXTURES, 'lrew_swat2012_shapes');
    const zip = writeZip([...entriesOf(lrewTio, 'LREW/Scenarios/Default/TxtInOut/'), ...entriesOf(shapes, 'LREW/Watershed/Shapes/')]);
    const up = await upload(tokens.uploader, zip, 'LREW.zip');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ hasEndingSubKey: true, endingSubbasinName: '3', kind: 'arcswat', hasSwatMdb: false, isSqlite: false, uploadedFileName: 'LREW.zip' });

    const bad = await app.request('/api/importdatasets', { token: tokens.uploader, body: { name: 'x'.repeat(51), description: '', uploadDirectory: up.body.uploadDirectory } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ name: [DATASET_MESSAGES.nameLength], description: [DATASET_MESSAGES.required] });
    const hawqsBased = await app.request('/api/importdatasets', { token: tokens.uploader, body: { name: 'LREW upload', description: 'd', uploadDirectory: up.body.uploadDirectory, isHawqsBased: true } });
    expect(hawqsBased.body.errors.isHawqsBased).toEqual([DATASET_MESSAGES.productBased]);

    const created = await app.request('/api/importdatasets', { token: tokens.uploader, body: { name: 'LREW upload', description: 'The LREW ArcSWAT project', attribution: 'USDA-ARS SEWRL (GPL-3 via SWATdata)', uploadDirectory: up.body.uploadDirectory } });
    expect(created.status).toBe(200);
    lrewImport = created.body.id;

    // live progress on the import's room
    const s = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token: tokens.uploader }, reconnection: false });
    sockets.push(s);
    const events: { progress: number; statusMessage: string }[] = [];
    s.on('dataset-import-status', (e) => events.push(e));
    expect(await new Promise<boolean>((r) => s.emit('join', `dataset-import:${lrewImport}`, r))).toBe(true);
    const done = await waitForImport(tokens.uploader, lrewImport);
    expect(done.status).toMatchObject({ isRunning: false, hasError: false });
    expect(done.state).toBe('ready');
    lrewDataset = done.newDatasetID;
    expect(done).toMatchObject({ numSubbasins: 3, numHrus: 134, accessibility: 'User', isActive: true, kind: 'arcswat' });
    await new Promise((r) => setTimeout(r, 300));
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1)!.progress).toBe(100);
    expect(uploadsLeft()).toBe(0); // the upload folder went with the import

    // a stranger may not watch it
    const t = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token: tokens.friend }, reconnection: false });
    sockets.push(t);
    expect(await new Promise<boolean>((r) => t.emit('join', `dataset-import:${lrewImport}`, r))).toBe(false);

    // the same watershed as the shipped demo dataset
    const db = app.deps.db;
    const subs = async (id: number) => db('subbasins').where('datasetId', id).orderBy('number').select('name', 'area', 'landArea', 'cumulativeArea', 'numHrus', 'swat', 'minLon', 'maxLat');
    const a = await subs(lrewDataset);
    const b = await subs(demoId);
    expect(a.map((x) => [x.name, x.area, x.numHrus])).toEqual(b.map((x) => [x.name, x.area, x.numHrus]));
    for (let i = 0; i < 3; i++) {
      expect(a[i].cumulativeArea).toBeCloseTo(b[i].cumulativeArea, 9);
      expect(a[i].landArea).toBeCloseTo(b[i].landArea, 9);
      // every SWAT value the demo dataset keeps (it was converted by an earlier reader, which
      // kept fewer of the optional fields; the writer fills those with SWAT's defaults)
      expect(a[i].swat).toMatchObject(b[i].swat);
      // reprojected from Albers by proj4: the demo's WGS84 copy of the same shapes
      expect(a[i].minLon).toBeCloseTo(b[i].minLon, 5);
      expect(a[i].maxLat).toBeCloseTo(b[i].maxLat, 5);
    }
    const routing = async (id: number) => (await db('subbasins as s').leftJoin('subbasins as d', 'd.id', 's.downstreamId').where('s.datasetId', id).orderBy('s.number').select('s.name', 'd.name as down')).map((r) => [r.name, r.down]);
    expect(await routing(lrewDataset)).toEqual([['1', '3'], ['2', '3'], ['3', null]]);
    const hrus = async (id: number) => db('hrus').where('datasetId', id).orderBy('sortOrder').select('gisId', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'area', 'fraction', 'cn2', 'ovN', 'swat');
    const ha = await hrus(lrewDataset);
    const hb = await hrus(demoId);
    expect(ha.length).toBe(134);
    expect(ha.map(({ swat: _s, ...h }) => h)).toEqual(hb.map(({ swat: _s, ...h }) => h));
    // (the repository's TxtInOut fixture leaves out the .sdr files, which this project's SWAT never reads)
    ha.forEach((h, i) => {
      const { sdr: _sdr, ...expected } = hb[i].swat;
      expect(h.swat).toMatchObject(expected);
    });
    const ds = async (id: number) => (await db('datasets').where('id', id).first()).swat;
    const [sa, sb] = [await ds(lrewDataset), await ds(demoId)];
    for (const part of ['cio', 'bsn', 'fig', 'databases']) expect(sa[part]).toMatchObject(sb[part]);
    const { sdr: _sdr, ...defaults } = sb.defaults;
    expect(sa.defaults).toMatchObject(defaults);
    // other files: those the fixture keeps are the same text
    for (const [name, text] of Object.entries(sa.otherFiles as Record<string, string>)) if (name in sb.otherFiles) expect(text).toBe(sb.otherFiles[name]);
    // the same weather, day for day (the simulation's inputs are the same inputs)
    const weather = async (id: number) =>
      db('weather_stations as s').join('dataset_weather_datasets as dw', 'dw.weatherDatasetId', 's.weatherDatasetId').where('dw.datasetId', id).orderBy(['s.variable', 's.file', 's.gage']).select('s.variable', 's.gage', 's.startDate', 's.numDays', 's.series');
    const wa = await weather(lrewDataset);
    const wb = await weather(demoId);
    expect(wa.length).toBe(wb.length);
    wa.forEach((w, i) => {
      expect([w.variable, w.gage, String(w.startDate), w.numDays]).toEqual([wb[i].variable, wb[i].gage, String(wb[i].startDate), wb[i].numDays]);
      expect(Buffer.compare(Buffer.from(w.series), Buffer.from(wb[i].series))).toBe(0);
    });
  }, 180_000);
});

describe('a bare TxtInOut (in a zip64 archive)', () => {
  it('imports with a labelled routing schematic for the map', async () => {
    // as zip64 (a large project's archive): read too
    const zip = asZip64(writeZip(entriesOf(lrewTio, 'TxtInOut/')));
    const up = await upload(admin, zip, 'bare.zip');
    expect(up.body).toMatchObject({ kind: 'txtinout', hasEndingSubKey: true, endingSubbasinName: '3' });
    // a site administrator: product-based, and based on the demo dataset (its weather offered too)
    const created = await app.request('/api/importdatasets', { token: admin, body: { name: 'Bare TxtInOut', description: 'No shapes', uploadDirectory: up.body.uploadDirectory, isHawqsBased: true, existingDatasetID: demoId } });
    const done = await waitForImport(admin, created.body.id);
    expect(done.isHawqsBased).toBe(true);
    const row = await app.deps.db('datasets').where('id', done.newDatasetID).first();
    expect(row.optionGroup).toBe('Product-based datasets');
    const weather = await app.deps.db('dataset_weather_datasets').where('datasetId', done.newDatasetID).orderBy('isDefault', 'desc');
    const demoWeather = await app.deps.db('dataset_weather_datasets').where('datasetId', demoId);
    expect(weather).toHaveLength(1 + demoWeather.length);
    expect(weather.filter((w: any) => w.isDefault)).toHaveLength(1); // its own weather stays the default
    expect(done.status.hasError).toBe(false);
    expect(done.summary).toMatchObject({ schematic: true, subbasins: 3, hrus: 134 });
    const outline = await app.request(`/api/datasets/outlinegeojson/${done.newDatasetID}`, { token: admin });
    expect(outline.body.outline.features[0].properties.name).toContain(SCHEMATIC_LABEL);
    const subs = await app.deps.db('subbasins').where('datasetId', done.newDatasetID).orderBy('number');
    const demoSubs = await app.deps.db('subbasins').where('datasetId', demoId).orderBy('number');
    expect(subs.map((s: any) => [s.name, s.area, s.numHrus])).toEqual(demoSubs.map((s: any) => [s.name, s.area, s.numHrus]));
    expect(subs.every((s: any) => s.geometry.type === 'Polygon')).toBe(true);
    expect((await app.request(`/api/importdatasets/${created.body.id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
  }, 120_000);
});

describe('a HAWQS export (the subset in the repository)', () => {
  it('is recognised, and refused with every missing file named; nothing is left behind', async () => {
    const before = (await app.deps.db('datasets').count({ n: '*' }))[0].n;
    const up = await upload(tokens.uploader, writeZip(entriesOf(join(FIXTURES, 'hawqs_huc0701_rev670', 'TxtInOut'), 'TxtInOut/')), 'hawqs.zip');
    expect(up.status).toBe(200);
    expect(up.body.kind).toBe('hawqs');
    const created = await app.request('/api/importdatasets', { token: tokens.uploader, body: { name: 'HAWQS 0701', description: 'subset', uploadDirectory: up.body.uploadDirectory, endingSubbasinName: up.body.hasEndingSubKey ? undefined : '1' } });
    expect(created.status).toBe(200);
    const done = await waitForImport(tokens.uploader, created.body.id);
    expect(done.status.hasError).toBe(true);
    expect(done.status.exceptionMessage).toContain('000020000.sub: the subbasin file named by the project is missing from the upload');
    expect(done.status.exceptionMessage).toContain('000010002.hru');
    expect(done.newDatasetID).toBeNull();
    expect((await app.deps.db('datasets').count({ n: '*' }))[0].n).toBe(before);
    expect(uploadsLeft()).toBe(0);
    // the error and the data can be removed
    expect((await app.request(`/api/importdatasets/${created.body.id}`, { token: tokens.uploader, method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/api/importdatasets/${created.body.id}`, { token: tokens.uploader })).status).toBe(404);
  }, 120_000);

  it('made whole (one subbasin, its point source and reach), it imports: left-justified values read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-hawqs-'));
    hawqsOneSubbasin(dir);
    const up = await upload(tokens.uploader, writeZip(entriesOf(dir, 'HUC0701/TxtInOut/')), 'hawqs-0701.zip');
    rmSync(dir, { recursive: true, force: true });
    expect(up.body).toMatchObject({ kind: 'hawqs', hasEndingSubKey: true, endingSubbasinName: '1' });
    const created = await app.request('/api/importdatasets', { token: tokens.uploader, body: { name: 'HAWQS 07010101', description: 'One HUC8 of a HAWQS export', attribution: 'EPA HAWQS via bryanparthum/swat (MIT)', uploadDirectory: up.body.uploadDirectory } });
    const done = await waitForImport(tokens.uploader, created.body.id);
    expect(done.status).toMatchObject({ hasError: false });
    expect(done.summary).toMatchObject({ subbasins: 1, hrus: 1, weatherStations: 16, weatherDays: 1826, schematic: true, pointSources: 1 });
    const sub = await app.deps.db('subbasins').where('datasetId', done.newDatasetID).first();
    expect(sub.area).toBeCloseTo(Number(/^\s*([\d.]+)\s+\| SUB_KM/m.exec(readFileSync(join(FIXTURES, 'hawqs_huc0701_rev670', 'TxtInOut', '000010000.sub'), 'latin1'))![1]), 6);
    const hru = await app.deps.db('hrus').where('datasetId', done.newDatasetID).first();
    expect(hru.fraction).toBe(1);
    expect(hru.swat.hru.HRU_FR).toBe(1);
    expect(hru.swat.mgt.CN2).toBe(hru.cn2);
    const ds = await app.deps.db('datasets').where('id', done.newDatasetID).first();
    expect(ds.swat.cio.NBYR).toBe(5);
    expect(ds.swat.cio.IYR).toBe(1981);
    expect(ds.swat.otherFiles['1p.dat']).toContain('FLOCNST');
    expect((await app.request(`/api/importdatasets/${created.body.id}`, { token: tokens.uploader, method: 'DELETE' })).status).toBe(200);
  }, 120_000);
});

/** The HAWQS subset made whole: subbasin 1 alone (its first HRU, its point source 1p.dat and its
 * reach), with generated daily rain and temperature for the 8 gauges file.cio names (1981–1985). */
function hawqsOneSubbasin(dir: string): void {
  const src = join(FIXTURES, 'hawqs_huc0701_rev670', 'TxtInOut');
  for (const f of readdirSync(src)) writeFileSync(join(dir, f), readFileSync(join(src, f)));
  writeFileSync(
    join(dir, 'fig.fig'),
    ['subbasin       1     1     1', '          000010000.sub', 'reccnst       11     2     1', 'Pnt.Source       1p.dat', 'add            5     3     1     2', 'route          2     4     1     3', '          000010000.rte000010000.swq', 'saveconc      14     4     1', '          watout.dat', 'finish         0', ''].join('\r\n'),
  );
  const sub = readFileSync(join(dir, '000010000.sub'), 'latin1').split(/\r?\n/);
  const at = sub.findIndex((l) => l.startsWith('HRU: General'));
  writeFileSync(join(dir, '000010000.sub'), [...sub.slice(0, at + 2).map((l) => l.replace(/^135(\s+\| HRUTOT)/, '1  $1')), ''].join('\r\n'), 'latin1');
  const hru = readFileSync(join(dir, '000010001.hru'), 'latin1');
  writeFileSync(join(dir, '000010001.hru'), hru.replace(/^0\.0101108(\s+\| HRU_FR)/m, '1.0000000$1'), 'latin1');
  const f51 = (v: number) => v.toFixed(1).padStart(5);
  const head = (n: number) => [`Station  ${Array.from({ length: n }, (_, i) => `g${i + 1},`).join('')}`, `Lati   ${Array.from({ length: n }, () => f51(46.5)).join('')}`, `Long   ${Array.from({ length: n }, () => f51(-94.5)).join('')}`, `Elev   ${Array.from({ length: n }, () => '  400').join('')}`];
  const pcp = head(8);
  const tmp = head(8);
  for (let y = 1981; y <= 1985; y++) {
    for (let d = 1; d <= (y % 4 === 0 ? 366 : 365); d++) {
      const day = `${y}${String(d).padStart(3, '0')}`;
      const season = Math.sin(((d - 100) / 365) * 2 * Math.PI);
      pcp.push(day + Array.from({ length: 8 }, (_, g) => f51((d * 7 + g * 3) % 11 === 0 ? 12.5 : 0)).join(''));
      tmp.push(day + Array.from({ length: 8 }, () => f51(10 + 18 * season) + f51(-2 + 15 * season)).join(''));
    }
  }
  writeFileSync(join(dir, 'pcp1.pcp'), pcp.join('\r\n') + '\r\n');
  writeFileSync(join(dir, 'tmp1.tmp'), tmp.join('\r\n') + '\r\n');
}

describe('sharing and visibility', () => {
  it('only the owner sees a new upload; groups; public after review; deactivation; delete refused while used', async () => {
    const visible = async (who: string) => (await app.request(`/api/datasets/outlinegeojson/${lrewDataset}`, { token: tokens[who] })).status;
    const listed = async (who: string) => (await app.request('/api/datasets/user', { token: tokens[who] })).body.userDatasets.map((d: any) => d.value);
    expect(await visible('uploader')).toBe(200);
    expect(await visible('friend')).toBe(404);
    expect(await listed('friend')).not.toContain(lrewDataset);
    expect((await app.request(`/api/importdatasets/${lrewImport}`, { token: tokens.friend })).status).toBe(404);
    const sub3 = await app.deps.db('subbasins').where({ datasetId: lrewDataset, name: '3' }).first();
    const createFor = (who: string) => app.request('/api/projects', { token: tokens[who], body: { datasetID: lrewDataset, endID: sub3.id, startIDs: [], name: `${who}'s project` } });
    expect((await createFor('friend')).body.errors.datasetID).toEqual(['Please select a dataset.']);

    // a group both are in
    const g = await app.request('/api/groups', { token: tokens.uploader, body: { name: 'Modellers', description: 'Shared datasets' } });
    const groupId = g.body.id ?? g.body;
    await app.deps.db('group_members').insert({ groupId, userId: ids.friend, isAdmin: false });
    expect((await app.request(`/api/importdatasets/groupshare/${groupId}/${lrewImport}`, { token: tokens.friend, method: 'PATCH' })).status).toBe(404);
    const shared = await app.request(`/api/importdatasets/groupshare/${groupId}/${lrewImport}`, { token: tokens.uploader, method: 'PATCH' });
    expect(shared.body.accessibility).toBe('Group');
    expect(await visible('friend')).toBe(200);
    expect(await listed('friend')).toContain(lrewDataset);
    expect(await visible('basic')).toBe(404);
    const project = await createFor('friend');
    expect(project.status).toBe(200);

    // delete refused while a project uses it (and while shared)
    const del = await app.request(`/api/importdatasets/${lrewImport}`, { token: tokens.uploader, method: 'DELETE' });
    expect(del.status).toBe(409);
    expect(del.body).toBe(DATASET_MESSAGES.inUse(1));

    const unshared = await app.request(`/api/importdatasets/groupunshare/${groupId}/${lrewImport}`, { token: tokens.uploader, method: 'PATCH' });
    expect(unshared.body.accessibility).toBe('User');
    expect(await visible('friend')).toBe(404);

    // public: a request with reasons, reviewed by an administrator, the requester notified
    const noReason = await app.request(`/api/importdatasets/publicshare/${lrewImport}`, { token: tokens.uploader, method: 'PUT', body: { value: ' ' } });
    expect(noReason.body.errors.value).toEqual([DATASET_MESSAGES.required]);
    await app.request(`/api/importdatasets/publicshare/${lrewImport}`, { token: tokens.uploader, method: 'PUT', body: { value: 'Useful to every Georgia modeller' } });
    expect((await app.request(`/api/importdatasets/${lrewImport}`, { token: tokens.uploader })).body.publicRequest.status).toBe('Submitted');
    expect(await visible('basic')).toBe(404);
    const pending = await app.request('/api/admin/datasets/publicrequests', { token: admin });
    expect(pending.body.map((d: any) => d.id)).toContain(lrewDataset);
    expect((await app.request('/api/admin/datasets/publicrequests', { token: tokens.uploader })).status).toBe(403);
    const denied = await app.request(`/api/admin/datasets/share/${lrewDataset}`, { token: admin, method: 'PUT', body: { deny: true, adminMessage: 'Please add a description of the calibration.' } });
    expect(denied.body.publicRequest.status).toBe('Denied');
    const detail = await app.request(`/api/importdatasets/${lrewImport}`, { token: tokens.uploader });
    expect(detail.body.publicRequest).toMatchObject({ status: 'Denied', adminMessage: 'Please add a description of the calibration.' });
    await app.request(`/api/importdatasets/publicshare/${lrewImport}`, { token: tokens.uploader, method: 'PUT', body: { value: 'Calibration described now' } });
    const tierII = (await app.deps.db('tiers').where('name', 'Tier II').first()).id;
    await app.request(`/api/admin/datasets/share/${lrewDataset}`, { token: admin, method: 'PUT', body: { accessibility: 'Public', tiers: [tierII], adminMessage: 'Approved' } });
    expect(await visible('basic')).toBe(404); // Tier I is not among the chosen tiers
    await app.deps.db('users').where('id', ids.basic).update({ tierId: tierII, tierExpiration: new Date(Date.now() - 86_400_000) });
    expect(await visible('basic')).toBe(404); // an expired Tier II is the default tier
    await app.deps.db('users').where('id', ids.basic).update({ tierExpiration: new Date(Date.now() + 86_400_000) });
    expect(await visible('basic')).toBe(200);
    const notes = await app.deps.db('notifications').where('userId', ids.uploader).orderBy('id');
    expect(notes.map((n: any) => n.title)).toEqual([`Your request to make LREW upload public was denied`, `Your dataset LREW upload is now public`]);

    // deactivated: no new projects, not offered; the existing project keeps its dataset
    await app.request(`/api/importdatasets/deactivate/${lrewImport}`, { token: tokens.uploader, method: 'PATCH' });
    expect(await listed('uploader')).not.toContain(lrewDataset);
    expect((await createFor('uploader')).body.errors.datasetID).toEqual(['Please select a dataset.']);
    await app.request(`/api/importdatasets/activate/${lrewImport}`, { token: tokens.uploader, method: 'PATCH' });
    expect(await listed('uploader')).toContain(lrewDataset);

    // the grid
    const grid = await app.request('/api/importdatasets', { token: tokens.uploader });
    expect(grid.body.items.find((r: any) => r.id === lrewImport)).toMatchObject({ name: 'LREW upload', status: 'ready', accessibility: 'Public', numSubbasins: 3, numHrus: 134, numProjects: 1 });
    expect((await app.request('/api/importdatasets', { token: tokens.friend })).body.items).toEqual([]);
  }, 120_000);
});

describe('a project made from the imported dataset runs like the uploaded TxtInOut', () => {
  it('its unchanged scenario gives the average annual basin values of running the TxtInOut directly', async () => {
    const t = tokens.uploader;
    const poll = async (path: string, done: (b: any) => boolean, ms = 240_000) => {
      const until = Date.now() + ms;
      for (;;) {
        const r = await app.request(path, { token: t });
        if (r.status === 200 && done(r.body)) return r.body;
        if (Date.now() > until) throw new Error(`timed out on ${path}: ${JSON.stringify(r.body?.status)}`);
        await new Promise((res) => setTimeout(res, 200));
      }
    };
    const map = await app.request(`/api/maps/subbasin/name/${lrewDataset}/3`, { token: t });
    expect(map.status).toBe(200);
    const created = await app.request('/api/projects', { token: t, body: { datasetID: lrewDataset, endID: map.body.downstreamID, startIDs: [], name: 'From my upload' } });
    expect(created.status).toBe(200);
    const projectId = created.body.id;
    await poll(`/api/projects/${projectId}`, (b) => b.status.isCreated || b.status.hasError);
    await app.request('/api/projects/hrus', { token: t, body: { projectID: projectId, method: 'target', targetThreshold: 134 } });
    const p = await poll(`/api/projects/${projectId}`, (b) => b.status.hasSetHrus || b.status.hasError);
    expect(p.status.hasError).toBe(false);
    const o = (await app.request(`/api/scenarios/options/${projectId}`, { token: t })).body;
    // file.cio's own settings: 2000–2012, daily print, 3 years skipped
    const sc = await app.request('/api/scenarios', {
      token: t,
      body: { projectID: projectId, name: 'Unchanged', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 3, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' },
    });
    expect(sc.status).toBe(200);
    expect((await app.request(`/api/scenarios/run/${sc.body.id}`, { token: t, body: {} })).status).toBe(200);
    const done = await poll(`/api/scenarios/${sc.body.id}`, (b) => !b.status.isRunning, 600_000);
    expect(done.status.hasError).toBe(false);
    const res = await fetch(`${app.url}/api/exports/scenario/${sc.body.id}?access_token=${t}`);
    expect(res.status).toBe(200);
    const { unzipSync } = await import('fflate');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const stdText = new TextDecoder('latin1').decode(files['TxtInOut/output.std'] ?? files['output.std']!);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const work = mkdtempSync(join(tmpdir(), 'hw-ds-run-'));
    writeFileSync(join(work, 'output.std'), stdText, 'latin1');
    const { readOutputStd } = await import('@headwater/swat/output/index.ts');
    const platform = (await readOutputStd(join(work, 'output.std'))).aveAnnualBasin;
    // the uploaded TxtInOut itself, run by the same engine (what `hw-swat run` does)
    const { runSimulation } = await import('@headwater/swat/engine/index.ts');
    const dir = fixtureProject('lrew_swat2012');
    await runSimulation(dir);
    const direct = (await readOutputStd(join(dir, 'output.std'))).aveAnnualBasin;
    rmSync(dir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    const keys = ['PRECIP', 'SURFACE RUNOFF Q', 'LATERAL SOIL Q', 'GROUNDWATER (SHAL AQ) Q', 'TOTAL AQ RECHARGE', 'WATER YIELD', 'ET', 'PET'].filter((k) => k in direct);
    expect(keys.length).toBeGreaterThan(4);
    console.info('AVE ANNUAL BASIN (platform, direct):', Object.fromEntries(keys.map((k) => [k, [platform[k], direct[k]]])));
    // identical as output.std prints them
    expect(Object.fromEntries(keys.map((k) => [k, platform[k]]))).toEqual(Object.fromEntries(keys.map((k) => [k, direct[k]])));
  }, 900_000);
});
