// SWAT versions (spec 3 'SWAT Executable Versions'): the built-in engine is seeded as the
// default; administrators add versions whose releaseFileName is an executable in
// SWAT_EXECUTABLES_DIR, run in the scenario's TxtInOut folder the way SWAT is run by hand.
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
import type { Knex } from 'knex';
import { InputError, NotAllowedError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import { MESSAGES } from '@headwater/plugin-sdk/schema';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import type { User } from '../users/models.ts';
import { SwatVersion } from './models.ts';
import { AuditEntry } from '../admin-users/models.ts';
import { receiveUpload } from '../plugins/uploads.ts';
import { BUILTIN_PREFIX } from './run/engines.ts';

export const VERSION_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'releaseFileName', header: 'Release file' },
    { field: 'debugFileName', header: 'Debug file' },
    { field: 'isDefault', header: 'Default?', filter: false },
    { field: 'isDisabled', header: 'Disabled?', filter: false },
  ],
  defaultSort: 'name',
  defaultPerPage: 50,
};

export function versionRows(deps: AppDeps): Knex.QueryBuilder {
  return deps.db('swat_versions').select('id', 'name', 'releaseFileName', 'debugFileName', 'isDefault', 'isDisabled');
}

const view = (v: SwatVersion) => ({ id: v.id, name: v.name, releaseFileName: v.releaseFileName, debugFileName: v.debugFileName, isDefault: v.isDefault, isDisabled: v.isDisabled, isBuiltIn: v.releaseFileName.startsWith(BUILTIN_PREFIX) });

export async function getVersion(id: number) {
  const v = await SwatVersion.query().findById(id);
  if (!v) throw new NotFoundError();
  return view(v);
}

export async function saveVersion(deps: AppDeps, id: number | null, body: Record<string, unknown>) {
  const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : '');
  const errors: FieldErrors = {};
  const name = text('name');
  const release = text('releaseFileName');
  const debug = text('debugFileName');
  if (!name) errors.name = ['Required'];
  if (!release) errors.releaseFileName = ['Required'];
  else if (!release.startsWith(BUILTIN_PREFIX) && (release.includes('/') || release.includes('\\') || release.startsWith('.'))) errors.releaseFileName = ['A file name in the executables folder, without a path'];
  if (!debug && !release.startsWith(BUILTIN_PREFIX)) errors.debugFileName = ['Required'];
  if (Object.keys(errors).length) throw new InputError(errors);
  const isDefault = body.isDefault === true;
  const isDisabled = body.isDisabled === true;
  if (isDefault && isDisabled) throw new InputError('The default SWAT version cannot be disabled.');
  const saved = await deps.db.transaction(async (trx) => {
    if (isDefault) await SwatVersion.query(trx).patch({ isDefault: false }).whereNot('id', id ?? 0);
    if (id === null) return SwatVersion.query(trx).insertAndFetch({ name, releaseFileName: release, debugFileName: debug, isDefault, isDisabled, sortOrder: 0 });
    const existing = await SwatVersion.query(trx).findById(id);
    if (!existing) throw new NotFoundError();
    return existing.$query(trx).patchAndFetch({ name, releaseFileName: release, debugFileName: debug, isDefault, isDisabled });
  });
  return view(saved);
}

export async function deleteVersion(user: User, id: number) {
  if (!user.roles?.includes('Admin')) throw new NotAllowedError(MESSAGES.notAuthorized);
  const v = await SwatVersion.query().findById(id);
  if (!v) throw new NotFoundError();
  if (v.isDefault) throw new InputError('The default SWAT version cannot be deleted.');
  await SwatVersion.query().deleteById(id);
  return { value: true };
}

// ─── executables (issue 20): the upload area and the files on the server ─────────────────

/** Spec 3 §9: executable uploads time out after 300,000 ms; files past 200 MB are refused. */
export const EXECUTABLE_UPLOAD = { maxBytes: 200 * 1024 * 1024, maxFiles: 10, timeoutMs: 300_000 };

/**
 * Whether the bytes are a program this server can start: a Windows PE ('MZ', for .exe, run
 * through a compatibility layer if the operator has one), an ELF binary, or a script with '#!'.
 * The spec's upload takes '.exe' only; on Linux servers SWAT builds carry no extension, so a
 * file named without one is taken too when its content is a program.
 */
export function executableProblem(name: string, head: Buffer): string | null {
  const ext = extname(name).toLowerCase();
  if (ext !== '.exe' && ext !== '') return `${name}: only executable files (.exe, or a Linux build without an extension) are taken.`;
  const isPe = head[0] === 0x4d && head[1] === 0x5a;
  const isElf = head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46;
  const isScript = head[0] === 0x23 && head[1] === 0x21;
  if (!isPe && !isElf && !isScript) return `${name}: this file is not an executable program.`;
  if (name.startsWith('.') || !/^[\w.+-]+$/.test(name)) return `${name}: use letters, digits, '.', '-', '_' and '+' in executable names.`;
  return null;
}

/** POST admin/swatversions/upload: every file into the executables folder (same name overwrites), made executable. */
export async function uploadExecutables(deps: AppDeps, admin: User, req: IncomingMessage): Promise<{ files: string[] }> {
  const upload = await receiveUpload(req, EXECUTABLE_UPLOAD, join(deps.config.filesDir, 'tmp', 'uploads'));
  try {
    if (upload.files.length === 0) throw new InputError({ file: ['Choose a file to upload.'] });
    const errors: string[] = [];
    for (const f of upload.files) {
      const head = Buffer.alloc(4);
      const fd = openSync(f.path, 'r');
      try {
        readSync(fd, head, 0, 4, 0);
      } finally {
        closeSync(fd);
      }
      const problem = f.truncated ? `${f.name}: larger than ${EXECUTABLE_UPLOAD.maxBytes / 1024 / 1024} MB.` : executableProblem(f.name, head);
      if (problem) errors.push(problem);
    }
    if (errors.length) throw new InputError({ file: errors });
    mkdirSync(deps.config.swatExecutablesDir, { recursive: true });
    for (const f of upload.files) {
      const dest = join(deps.config.swatExecutablesDir, f.name);
      copyFileSync(f.path, `${dest}.part`);
      chmodSync(`${dest}.part`, 0o755);
      renameSync(`${dest}.part`, dest); // a run starting meanwhile sees the old or the new file, never half of one
    }
    await AuditEntry.query().insert({ entity: 'swatversion', entityId: 0, entityName: upload.files.map((f) => f.name).join(', '), actorId: admin.id, actorName: admin.userName, action: 'upload', details: '', createdAt: new Date() });
    return { files: upload.files.map((f) => f.name) };
  } finally {
    upload.cleanup();
  }
}

/** The executables on the server, for the form's file pickers. */
export function executableFiles(deps: Pick<AppDeps, 'config'>): { name: string; size: number; modified: string }[] {
  const dir = deps.config.swatExecutablesDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => !n.endsWith('.part') && statSync(join(dir, n)).isFile())
    .sort()
    .map((n) => {
      const s = statSync(join(dir, n));
      return { name: n, size: s.size, modified: s.mtime.toISOString() };
    });
}
