// The 'Re-run failed imports' special job (issue 20): an uploaded dataset import that ended in
// the error state with its upload still on the server (a server fault keeps it) is queued again
// and becomes a dataset; one whose upload went (a problem in the files removes it) and a regional
// (HUC2) import whose source data is gone are reported with the reason; full administrators only.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '@headwater/plugin-sdk/server';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { startProcessing } from '../src/jobs/processors.ts';
import { createUser } from '../src/modules/users/service.ts';
import type { Role } from '../src/modules/users/models.ts';
import { RERUN_NO_UPLOAD, uploadDir } from '../src/modules/datasets/imports.ts';
import { setSetting } from '../src/modules/settings/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
let tio: string;
const PASSWORD = 'Correct-horse-1';
const tokens: Record<'admin' | 'user' | 'partial', string> = { admin: '', user: '', partial: '' };

async function person(userName: string, roles: Role[]): Promise<string> {
  await createUser({ userName, email: `${userName}@example.org`, password: PASSWORD, firstName: 'Rita', lastName: 'Rerun', roles, emailConfirmed: true, mfaExempt: true });
  return app.login(userName, PASSWORD);
}

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

async function upload(token: string, data: Buffer, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  const res = await fetch(`${app.url}/api/importdatasets/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { uploadDirectory: string; isSqlite: boolean; hasSwatMdb: boolean; databases: { file: string; swatTables: string[]; tables: { name: string; rows: number }[]; error: string | null }[] } };
}

async function poll<T>(what: string, get: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  app = await startTestApp();
  startProcessing(app.deps, 1);
  tokens.admin = await app.login();
  tokens.user = await person('rita', ['Registered']);
  tokens.partial = await person('pia', ['Registered', 'PartialAdmin']);
  tio = fixtureProject('lrew_swat2012');
}, 120_000);

afterAll(async () => {
  if (tio) rmSync(tio, { recursive: true, force: true });
  await app?.close();
});

describe('re-run failed imports', () => {
  it('is a special job only full administrators may start', async () => {
    const list = await app.request('/api/admin/special-jobs', { token: tokens.admin });
    expect((list.body.jobs as { kind: string; title: string }[]).find((j) => j.kind === 'rerun-imports')).toMatchObject({ title: 'Re-run failed imports' });
    expect((await app.request('/api/admin/special-jobs/rerun-imports', { body: {} })).status).toBe(401);
    expect((await app.request('/api/admin/special-jobs/rerun-imports', { token: tokens.user, body: {} })).status).toBe(403);
    expect((await app.request('/api/admin/special-jobs/rerun-imports', { token: tokens.partial, body: {} })).status).toBe(403);
    expect((await app.request('/api/admin/special-jobs', { token: tokens.partial })).status).toBe(403);
    expect(await app.deps.db('admin_special_jobs').where('kind', 'rerun-imports')).toHaveLength(0);
  });

  it('queues again a failed import whose upload is kept, reports the others with the reason', async () => {
    // an import that failed on a server fault: the upload folder stays (import/job.ts)
    // with a SQLite project database and a file named .mdb that is no Access database (issue 18)
    const dbDir = mkdtempSync(join(tmpdir(), 'hw-rerun-db-'));
    const sqlite = new DatabaseSync(join(dbDir, 'project.sqlite'));
    sqlite.exec('create table hru (SUBBASIN integer, HRU integer); create table sol (SNAM text); insert into hru values (1, 1), (1, 2), (3, 1);');
    sqlite.close();
    const zip = writeZip([...entriesOf(tio, 'TxtInOut/'), { name: 'project.sqlite', data: readFileSync(join(dbDir, 'project.sqlite')) }, { name: 'Proj.mdb', data: Buffer.from('not an Access file') }]);
    rmSync(dbDir, { recursive: true, force: true });
    const up = await upload(tokens.admin, zip, 'bare.zip');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ isSqlite: true, hasSwatMdb: true });
    expect(up.body.databases).toEqual([
      { file: 'Proj.mdb', format: 'access', tables: [], swatTables: [], error: 'The database Proj.mdb could not be read: it is not a Microsoft Access database. The import uses the TxtInOut files.' },
      { file: 'project.sqlite', format: 'sqlite', tables: [{ name: 'hru', rows: 3 }, { name: 'sol', rows: 0 }], swatTables: ['hru', 'sol'], error: null },
    ]);
    const kept = await app.deps.db('dataset_imports').where('uploadDirectory', up.body.uploadDirectory).first();
    await app.deps.db('dataset_imports').where('id', kept.id).update({ status: 'error', isRunning: false, hasError: true, name: 'Kept upload', description: 'd', exceptionMessage: 'The import failed: connection terminated unexpectedly', progressPercent: 100, progressMessage: 'An error occurred in the import' });
    // an import whose upload had problems: its folder was removed at the failure
    const admin = await app.deps.db('users').where('userName', 'admin').first('id');
    const [gone] = await app.deps.db('dataset_imports').insert({ userId: admin.id, status: 'error', hasError: true, isRunning: false, name: 'Gone upload', description: 'd', uploadDirectory: 'no-such-upload', uploadedFileName: 'x.zip', uploadedBytes: 1, kind: 'txtinout', txtinoutPath: 'TxtInOut', exceptionMessage: 'file.cio: missing' }).returning('id');
    expect(existsSync(uploadDir(app.deps, 'no-such-upload'))).toBe(false);
    // a regional import that ended in an error, its source data no longer on the server
    await setSetting('huc2ImportsEnabled', true);
    const [region] = await app.deps.db('huc2_imports').insert({ region: '97', digits: 8, hasError: true, exceptionMessage: 'broken', statusMessage: 'The import failed.' }).returning('id');

    const started = await app.request('/api/admin/special-jobs/rerun-imports', { token: tokens.admin, body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = await poll('the special job', () => app.request('/api/admin/special-jobs', { token: tokens.admin }).then((r) => (r.body.runs as { id: number; status: string; progress: number; message: string }[]).find((x) => x.id === started.body.id)!), (r) => r.status === 'complete' || r.status === 'error');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'complete', progress: 100 });
    expect(run.message).toContain(`1 of 3 failed imports queued again (import ${kept.id} 'Kept upload')`);
    expect(run.message).toContain(`import ${gone.id} 'Gone upload': ${RERUN_NO_UPLOAD}`);
    expect(run.message).toContain('HUC2 97 HUC8: The source data of this region is no longer on the server.');

    // the re-queued import runs to a dataset; its upload folder then goes
    const done = await poll('the re-run import', () => app.request(`/api/importdatasets/${kept.id}`, { token: tokens.admin }).then((r) => r.body), (b) => !b.status.isRunning, 180_000);
    expect(done.status, JSON.stringify(done.status)).toMatchObject({ hasError: false, isRunning: false });
    expect(done).toMatchObject({ state: 'ready', numSubbasins: 3, numHrus: 134 });
    // the databases stay in the import's detail (the dataset page shows them)
    expect(done.databases.map((x: { file: string }) => x.file)).toEqual(['Proj.mdb', 'project.sqlite']);
    expect(done.summary).toMatchObject({ subbasins: 3, hrus: 134 });
    expect(existsSync(uploadDir(app.deps, up.body.uploadDirectory))).toBe(false);
    expect((await app.deps.db('dataset_imports').where('id', gone.id).first()).status).toBe('error');
    expect((await app.deps.db('huc2_imports').where('id', region.id).first()).hasError).toBe(true);

    // nothing failed is left to re-run but those two
    const again = await app.request('/api/admin/special-jobs/rerun-imports', { token: tokens.admin, body: {} });
    const second = await poll('the second run', () => app.request('/api/admin/special-jobs', { token: tokens.admin }).then((r) => (r.body.runs as { id: number; status: string; message: string }[]).find((x) => x.id === again.body.id)!), (r) => r.status === 'complete' || r.status === 'error');
    expect(second.message).toMatch(/^0 of 2 failed imports queued again\. Not re-run:/);
  }, 300_000);
});
