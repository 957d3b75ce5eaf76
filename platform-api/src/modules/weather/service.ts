// Weather datasets for administrators (spec 3 §2.3 weather pages, §3 Weather dataset, §4, §5,
// §7 'Weather and SWAT versions'): list, create from station files already on the server
// (under DATA_DIR/weather, never outside it), edit, delete (Admin only). A weather dataset is
// offered to scenarios of the datasets it is linked to (dataset_weather_datasets), so the form
// carries those datasets too (`datasetIDs`).
import { join } from 'node:path';
import type { Knex } from 'knex';
import { InputError, NotAllowedError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import type { User } from '../users/models.ts';
import { record } from '../admin-users/audit.ts';
import { readWeatherFolder, weatherFolder, type StationRow } from './files.ts';

export const FILE_FORMATS = { 1: "The product's own format", 2: 'SWAT', 3: 'Original' } as const;
/** Only SWAT-format station files are read from the server today (format 2). */
export const READABLE_FORMAT = 2;

export const WEATHER_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'isActive', header: 'Active', filter: false },
    { field: 'pathToFiles', header: 'Path to files' },
    { field: 'startDate', header: 'Start date' },
    { field: 'endDate', header: 'End date' },
    { field: 'fileFormat', header: 'File format', filter: false },
    { field: 'cmipVersion', header: 'CMIP version', filter: false },
    { field: 'sortOrder', header: 'Sort order', filter: false },
  ],
  defaultSort: 'sortOrder',
  defaultPerPage: 50,
};

export function weatherRoot(deps: Pick<AppDeps, 'config'>): string {
  return join(deps.config.dataDir, 'weather');
}

export function weatherRows(deps: Pick<AppDeps, 'db'>): Knex.QueryBuilder {
  const db = deps.db;
  return db('weather_datasets')
    .whereNull('datasetId') // the weather an uploaded project brought is its dataset's, not shared
    .select('id', 'name', 'isActive', 'pathToFiles', db.raw(`to_char(start_date, 'YYYY-MM-DD') as start_date`), db.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date`), 'fileFormat', 'cmipVersion', 'sortOrder');
}

export type WeatherForm = {
  name?: unknown;
  pathToFiles?: unknown;
  overrideDatasetPath?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  fileFormat?: unknown;
  cmipVersion?: unknown;
  sortOrder?: unknown;
  isActive?: unknown;
  canUseLowerResolution?: unknown;
  isInSharedLocation?: unknown;
  hasIclusFolder?: unknown;
  datasetIDs?: unknown;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : null);
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The form checked (spec 3 §5: name, pathToFiles, dates, fileFormat, isActive, sortOrder required, 'Required'). */
function checkForm(form: WeatherForm, requirePath: boolean) {
  const errors: FieldErrors = {};
  const add = (f: string, m: string) => void (errors[f] ??= []).push(m);
  const name = str(form.name);
  const pathToFiles = str(form.pathToFiles).replace(/\\/g, '/');
  const startDate = str(form.startDate);
  const endDate = str(form.endDate);
  const fileFormat = int(form.fileFormat);
  const sortOrder = int(form.sortOrder);
  const cmip = form.cmipVersion === null || form.cmipVersion === undefined || form.cmipVersion === '' ? null : int(form.cmipVersion);
  if (!name) add('name', 'Required');
  else if (name.length > 100) add('name', 'Must be fewer than 100 characters');
  if (!pathToFiles && requirePath) add('pathToFiles', 'Required');
  if (!startDate) add('startDate', 'Required');
  else if (!validDate(startDate)) add('startDate', 'Enter a date as YYYY-MM-DD');
  if (!endDate) add('endDate', 'Required');
  else if (!validDate(endDate)) add('endDate', 'Enter a date as YYYY-MM-DD');
  if (validDate(startDate) && validDate(endDate) && endDate < startDate) add('endDate', 'The end date must be on or after the start date.');
  if (fileFormat === null) add('fileFormat', 'Required');
  else if (!(fileFormat in FILE_FORMATS)) add('fileFormat', 'Choose 1, 2 or 3');
  if (typeof form.isActive !== 'boolean') add('isActive', 'Required');
  if (sortOrder === null) add('sortOrder', 'Required');
  if (cmip === null && form.cmipVersion !== null && form.cmipVersion !== undefined && form.cmipVersion !== '') add('cmipVersion', 'Enter a whole number');
  const datasetIDs = Array.isArray(form.datasetIDs) ? form.datasetIDs.map(int) : [];
  if (datasetIDs.some((d) => d === null)) add('datasetIDs', 'Choose datasets from the list');
  if (Object.keys(errors).length) throw new InputError(errors);
  return {
    row: {
      name,
      pathToFiles,
      overrideDatasetPath: form.overrideDatasetPath === true,
      startDate,
      endDate,
      fileFormat: fileFormat!,
      cmipVersion: cmip,
      sortOrder: sortOrder!,
      isActive: form.isActive as boolean,
      canUseLowerResolution: form.canUseLowerResolution === true,
      isInSharedLocation: form.isInSharedLocation === true,
      hasIclusFolder: form.hasIclusFolder === true,
    },
    datasetIDs: datasetIDs as number[],
  };
}

/** Reads and checks the station files; field errors name the file and line. */
function readStations(deps: Pick<AppDeps, 'config'>, row: { pathToFiles: string; fileFormat: number; startDate: string; endDate: string }) {
  if (row.fileFormat !== READABLE_FORMAT) throw new InputError({ fileFormat: ['Only SWAT-format station files (2) can be read from the server.'] });
  const folder = weatherFolder(weatherRoot(deps), row.pathToFiles);
  if (!folder) throw new InputError({ pathToFiles: ['A folder inside the main weather directory, without leading slash or ..'] });
  const read = readWeatherFolder(folder);
  if (read.errors.length) throw new InputError({ pathToFiles: read.errors });
  if (!read.startDate || read.startDate > read.endDate) throw new InputError({ pathToFiles: ['The station files share no common days.'] });
  const errors: FieldErrors = {};
  if (row.startDate < read.startDate) errors.startDate = [`The station files start on ${read.startDate}.`];
  if (row.endDate > read.endDate) errors.endDate = [`The station files end on ${read.endDate}.`];
  if (Object.keys(errors).length) throw new InputError(errors);
  return read.stations;
}

function summary(stations: StationRow[]) {
  const count = (v: string) => stations.filter((s) => s.variable === v).length;
  const files = (v: string) => new Set(stations.filter((s) => s.variable === v).map((s) => s.file)).size;
  return {
    hasPcp: count('pcp') > 0,
    hasTmp: count('tmp') > 0,
    hasSlr: count('slr') > 0,
    hasHmd: count('hmd') > 0,
    hasWnd: count('wnd') > 0,
    nrgage: count('pcp'),
    nrtot: count('pcp'),
    nrgfil: files('pcp'),
    ntgage: count('tmp'),
    nttot: count('tmp'),
    ntgfil: files('tmp'),
    nstot: count('slr'),
    nhtot: count('hmd'),
    nwtot: count('wnd'),
  };
}

async function writeStations(trx: Knex.Transaction, weatherDatasetId: number, stations: StationRow[]) {
  await trx('weather_stations').where({ weatherDatasetId }).delete();
  const rows = stations.map((s) => ({ weatherDatasetId, ...s }));
  for (let i = 0; i < rows.length; i += 200) await trx('weather_stations').insert(rows.slice(i, i + 200));
}

async function linkDatasets(trx: Knex.Transaction, weatherDatasetId: number, datasetIDs: number[]) {
  const existing = (await trx('datasets').whereIn('id', datasetIDs).select('id')) as { id: number }[];
  if (existing.length !== new Set(datasetIDs).size) throw new InputError({ datasetIDs: ['Choose datasets from the list'] });
  const before = (await trx('dataset_weather_datasets').where({ weatherDatasetId }).select('datasetId', 'isDefault')) as { datasetId: number; isDefault: boolean }[];
  await trx('dataset_weather_datasets').where({ weatherDatasetId }).whereNotIn('datasetId', datasetIDs).delete();
  for (const id of new Set(datasetIDs)) {
    if (before.some((b) => b.datasetId === id)) continue;
    await trx('dataset_weather_datasets').insert({ datasetId: id, weatherDatasetId, isDefault: false });
  }
}

/** GET admin/weather/{id}: the record with dates as YYYY-MM-DD, its datasets, and the choices. */
export async function getWeather(deps: Pick<AppDeps, 'db'>, id: number) {
  const db = deps.db;
  const w = (await db('weather_datasets').where({ id }).whereNull('datasetId').first('*', db.raw(`to_char(start_date, 'YYYY-MM-DD') as start_date_text`), db.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date_text`))) as Record<string, unknown> | undefined;
  if (!w) throw new NotFoundError();
  const links = (await db('dataset_weather_datasets').where({ weatherDatasetId: id }).select('datasetId')) as { datasetId: number }[];
  const { startDateText, endDateText, series: _s, datasetId: _d, ...rest } = w;
  return { ...rest, startDate: startDateText, endDate: endDateText, datasetIDs: links.map((l) => l.datasetId), ...(await weatherChoices(deps)) };
}

/** The datasets a weather dataset may serve (system datasets, not users' uploads) and the formats. */
export async function weatherChoices(deps: Pick<AppDeps, 'db'>) {
  const datasets = (await deps.db('datasets').where('isUserSubmitted', false).orderBy('name').select('id as value', 'name as text')) as { value: number; text: string }[];
  return { datasets, fileFormats: Object.entries(FILE_FORMATS).map(([value, text]) => ({ value: Number(value), text })) };
}

/** POST admin/weather: reads the station files, then stores the dataset, its stations and links in one transaction. */
export async function createWeather(deps: AppDeps, admin: User, form: WeatherForm): Promise<{ id: number }> {
  const { row, datasetIDs } = checkForm(form, true);
  const stations = readStations(deps, row);
  return deps.db.transaction(async (trx) => {
    const [{ id }] = (await trx('weather_datasets').insert({ ...row, ...summary(stations), updatedAt: new Date() }).returning('id')) as { id: number }[];
    await writeStations(trx, id, stations);
    await linkDatasets(trx, id, datasetIDs);
    await record(trx, admin, 'weather', { id, name: row.name }, 'create', `${stations.length} stations from ${row.pathToFiles}`);
    return { id };
  });
}

/** PUT admin/weather/{id}: the settings; the station files are read again when the folder or format changes, or `reload` is set. */
export async function updateWeather(deps: AppDeps, admin: User, id: number, form: WeatherForm & { reload?: unknown }) {
  const current = (await deps.db('weather_datasets').where({ id }).whereNull('datasetId').first('id', 'key', 'pathToFiles', 'fileFormat')) as { id: number; key: string | null; pathToFiles: string; fileFormat: number } | undefined;
  if (!current) throw new NotFoundError();
  // shipped weather (a key, no folder) keeps its stations from the dataset package
  const { row, datasetIDs } = checkForm(form, current.key === null);
  const reread = form.reload === true || row.pathToFiles !== current.pathToFiles || row.fileFormat !== current.fileFormat;
  const stations = reread && row.pathToFiles ? readStations(deps, row) : null;
  await deps.db.transaction(async (trx) => {
    await trx('weather_datasets').where({ id }).update({ ...row, ...(stations ? summary(stations) : {}), updatedAt: new Date() });
    if (stations) await writeStations(trx, id, stations);
    await linkDatasets(trx, id, datasetIDs);
    await record(trx, admin, 'weather', { id, name: row.name }, 'update', stations ? `${stations.length} stations read again from ${row.pathToFiles}` : '');
  });
  return getWeather(deps, id);
}

/** DELETE admin/weather/{id}: Admin only (spec 3 §6); scenarios that used it keep their runs and lose the link. */
export async function deleteWeather(deps: AppDeps, admin: User, id: number) {
  if (!admin.roles?.includes('Admin')) throw new NotAllowedError();
  const w = (await deps.db('weather_datasets').where({ id }).whereNull('datasetId').first('id', 'name')) as { id: number; name: string } | undefined;
  if (!w) throw new NotFoundError();
  await deps.db.transaction(async (trx) => {
    await trx('weather_datasets').where({ id }).delete();
    await record(trx, admin, 'weather', w, 'delete');
  });
  return { value: true };
}
