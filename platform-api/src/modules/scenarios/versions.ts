// SWAT versions (spec 3 'SWAT Executable Versions'): the built-in engine is seeded as the
// default; administrators add versions whose releaseFileName is an executable in
// SWAT_EXECUTABLES_DIR, run in the scenario's TxtInOut folder the way SWAT is run by hand.
import type { Knex } from 'knex';
import { InputError, NotAllowedError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import { MESSAGES } from '@headwater/plugin-sdk/schema';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import type { User } from '../users/models.ts';
import { SwatVersion } from './models.ts';
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
