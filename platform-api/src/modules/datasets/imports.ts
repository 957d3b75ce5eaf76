// Uploaded project datasets (spec 3 §2.2, §3 Import dataset, §4, §5, §6, §7 `importdatasets`):
// upload (a zip streamed to disk, checked, unpacked, described), create (the form; the
// `dataset-import` job turns the upload into a dataset), the user's list, one import, edit,
// delete, sharing with groups, public requests and their review, activate/deactivate.
//
// Ids: `importdatasets/{id}` and the grid's `id` are IMPORT ids (an import exists before its
// dataset does: while it runs and when it failed); `newDatasetID` is the dataset it made.
// Upload access and the upload count come from the user's tier (`datasetUploadLimit`, 0 = no
// uploads, spec 3 §5), enforced here at upload and at create.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Knex } from 'knex';
import { ConflictError, InputError, NotAllowedError, NotFoundError, UPLOAD_MESSAGES, extractZipFile, uploadProblem } from '@headwater/plugin-sdk/server';
import { DATASET_LIMITS, DATASET_MESSAGES, datasetFieldErrors } from '@headwater/plugin-sdk/schema';
import { detectUpload, type SwatDatabaseSummary } from '@headwater/swat/import/index.ts';
import type { AppDeps } from '../../deps.ts';
import { receiveUpload } from '../plugins/uploads.ts';
import { Notification } from '../accounts/models.ts';
import type { User } from '../users/models.ts';
import { Tier } from '../tiers/models.ts';
import { Dataset, DatasetImport } from './models.ts';
import { publicDatasetGroups, readableDataset, tierOf } from './service.ts';

export const IMPORT_QUEUE = 'dataset-import';
export const IMPORT_STATUS_EVENT = 'dataset-import-status';
export const importRoom = (id: number) => `dataset-import:${id}`;

/** Spec 3 §9: dataset zip ≤ 1 GB (1000 MB), one hour. */
export const MAX_UPLOAD_BYTES = DATASET_LIMITS.uploadBytes;
export const UPLOAD_TIMEOUT_MS = DATASET_LIMITS.uploadTimeoutMs;
/** What an unpacked upload may hold: entries (a 150,000-HRU TxtInOut has ~900,000 files: zip64),
 * bytes of one file, of all files, and the largest compression ratio (SWAT text compresses 3–30
 * times; a zip bomb 1,000 times and more). */
export const ZIP_LIMITS = { maxEntries: 2_000_000, maxEntryBytes: 2 * 1024 * 1024 * 1024, maxTotalBytes: 5 * 1024 * 1024 * 1024, maxRatio: 500, allowZip64: true };

export { DATASET_MESSAGES };

const uploadsRoot = (deps: AppDeps) => join(deps.config.filesDir, 'imports');
export const uploadDir = (deps: AppDeps, token: string) => join(uploadsRoot(deps), token);

// ─── tier: access and allowance ──────────────────────────────────────────────────────────

/** The user's uploads that count against the tier: datasets they uploaded and imports under way. */
async function uploadsUsed(user: User, trx?: Knex.Transaction): Promise<number> {
  const [{ n }] = (await DatasetImport.query(trx).where('userId', user.id).whereIn('status', ['running', 'ready']).count({ n: '*' })) as unknown as { n: string }[];
  return Number(n);
}

export async function uploadAllowance(user: User): Promise<{ hasAccess: boolean; limit: number; used: number; remaining: number }> {
  const tier = await tierOf(user);
  const limit = tier?.datasetUploadLimit ?? 0;
  const used = await uploadsUsed(user);
  // administrators upload without a limit; otherwise 0 = no uploads (spec 3 §5)
  if (user.isAdmin) return { hasAccess: true, limit: 0, used, remaining: Number.MAX_SAFE_INTEGER };
  return { hasAccess: limit > 0, limit, used, remaining: Math.max(0, limit - used) };
}

async function checkAllowance(user: User): Promise<void> {
  const a = await uploadAllowance(user);
  if (!a.hasAccess) throw new NotAllowedError(DATASET_MESSAGES.noAccess);
  if (a.remaining <= 0) throw new InputError(DATASET_MESSAGES.reachedLimit);
}

/** GET importdatasets/options. `uploadLimit` is the remaining allowance (the list shows a notice below 100). */
export async function importOptions(user: User) {
  const a = await uploadAllowance(user);
  const own = await Dataset.query().modify('accessibleBy', user).where({ isActive: true, isUserSubmitted: true }).orderBy('name');
  return {
    hasAccess: a.hasAccess,
    reachedLimit: a.hasAccess && a.remaining <= 0,
    uploadLimit: user.isAdmin ? null : a.remaining,
    tierUploadLimit: user.isAdmin ? null : a.limit,
    datasets: await publicDatasetGroups(),
    userDatasets: own.map((d) => ({ value: d.id, text: d.name })),
    canDoHawqsBased: user.isAdmin,
  };
}

// ─── upload ──────────────────────────────────────────────────────────────────────────────

export type UploadResult = {
  hasEndingSubKey: boolean;
  endingSubbasinName: string | null;
  hasSwatMdb: boolean;
  isSqlite: boolean;
  uploadDirectory: string;
  projectMdbName: string | null;
  uploadedFileName: string;
  kind: string;
  outlets: string[];
  /** the SWAT Editor databases read: tables with row counts, the SWAT Editor tables, or why not */
  databases: SwatDatabaseSummary[];
};

/** POST /api/importdatasets/upload: the zip streamed to a temporary file, checked, unpacked into
 * its upload folder and described. Every failure removes both. */
export async function uploadDataset(deps: AppDeps, user: User, req: IncomingMessage): Promise<UploadResult> {
  await checkAllowance(user);
  const upload = await receiveUpload(req, { maxBytes: MAX_UPLOAD_BYTES, maxFiles: 1, timeoutMs: UPLOAD_TIMEOUT_MS }, join(deps.config.filesDir, 'tmp', 'uploads'));
  const token = `${Date.now()}-${randomBytes(8).toString('hex')}`;
  const dest = uploadDir(deps, token);
  try {
    const files = upload.files;
    if (files.length === 0) throw new InputError({ file: [UPLOAD_MESSAGES.none] });
    const f = files[0]!;
    const problem = uploadProblem(f, { extensions: ['.zip'], maxBytes: MAX_UPLOAD_BYTES });
    if (problem) throw new InputError({ file: [problem] });
    mkdirSync(dest, { recursive: true });
    await extractZipFile(f.path, dest, ZIP_LIMITS);
    let detected;
    try {
      detected = detectUpload(dest);
    } catch (err) {
      throw new InputError({ file: [(err as Error).message] });
    }
    // an earlier upload the user never turned into a dataset (the form holds one at a time) goes
    await discardPendingUploads(deps, user);
    await DatasetImport.query().insert({
      userId: user.id,
      status: 'uploaded',
      uploadDirectory: token,
      uploadedFileName: f.name,
      uploadedBytes: f.size,
      kind: detected.kind,
      txtinoutPath: detected.txtInOut,
      shapesPath: detected.shapes ?? null,
      hasEndingSubKey: detected.hasEndingSubKey,
      endingSubbasinName: detected.endingSubbasinName,
      hasSwatMdb: detected.hasSwatMdb,
      isSqlite: detected.isSqlite,
      projectMdbName: detected.projectMdbName,
      // kept with the import until it is ready (the job adds what the import found)
      summary: { databases: detected.databases },
    });
    return {
      hasEndingSubKey: detected.hasEndingSubKey,
      endingSubbasinName: detected.endingSubbasinName,
      hasSwatMdb: detected.hasSwatMdb,
      isSqlite: detected.isSqlite,
      uploadDirectory: token,
      projectMdbName: detected.projectMdbName,
      uploadedFileName: f.name,
      kind: detected.kind,
      outlets: detected.outlets,
      databases: detected.databases,
    };
  } catch (err) {
    rmSync(dest, { recursive: true, force: true });
    throw err;
  } finally {
    upload.cleanup();
  }
}

/** Removes the user's uploads still waiting for the create form, and their folders. */
async function discardPendingUploads(deps: AppDeps, user: User): Promise<void> {
  const stale = await DatasetImport.query().where({ userId: user.id, status: 'uploaded' });
  for (const imp of stale) {
    await DatasetImport.query().deleteById(imp.id);
    rmSync(uploadDir(deps, imp.uploadDirectory), { recursive: true, force: true });
  }
}

// ─── create ──────────────────────────────────────────────────────────────────────────────

export type CreateForm = {
  name?: unknown;
  description?: unknown;
  attribution?: unknown;
  databaseFile?: unknown;
  existingDatasetID?: unknown;
  endingSubbasinName?: unknown;
  hasSwatMdb?: unknown;
  uploadDirectory?: unknown;
  isHawqsBased?: unknown;
  isSqlite?: unknown;
};

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** POST importdatasets: the create form for an upload; queues the import. Returns the import id. */
export async function createImport(deps: AppDeps, user: User, form: CreateForm): Promise<{ id: number }> {
  const errors = datasetFieldErrors(form, true);
  const token = str(form.uploadDirectory);
  const imp = token ? await DatasetImport.query().findOne({ uploadDirectory: token, userId: user.id }) : undefined;
  if (!imp || imp.status !== 'uploaded' || !existsSync(uploadDir(deps, token))) errors.uploadDirectory = [DATASET_MESSAGES.unknownUpload];
  const outlet = str(form.endingSubbasinName);
  if (imp && !imp.hasEndingSubKey && !outlet) errors.endingSubbasinName = [DATASET_MESSAGES.outlet];
  const existing = form.existingDatasetID === undefined || form.existingDatasetID === null || form.existingDatasetID === '' ? null : Number(form.existingDatasetID);
  if (existing !== null && (!Number.isInteger(existing) || !(await readableDataset(existing, user)))) errors.existingDatasetID = [DATASET_MESSAGES.selectDataset];
  const hawqsBased = form.isHawqsBased === true || form.isHawqsBased === 'true';
  if (hawqsBased && !user.isAdmin) errors.isHawqsBased = [DATASET_MESSAGES.productBased];
  if (Object.keys(errors).length) throw new InputError(errors);
  await checkAllowance(user);
  await DatasetImport.query()
    .patch({
      status: 'running',
      isRunning: true,
      hasError: false,
      exceptionMessage: null,
      name: str(form.name),
      description: str(form.description),
      attribution: str(form.attribution),
      endingSubbasinName: imp!.hasEndingSubKey && !outlet ? imp!.endingSubbasinName : outlet,
      existingDatasetId: existing,
      isHawqsBased: hawqsBased,
      progressPercent: 1,
      progressMessage: 'Waiting in the queue to import the dataset...',
    })
    .where('id', imp!.id);
  const tier = await tierOf(user);
  await deps.queue.queue<{ importId: number }>(IMPORT_QUEUE).add({ importId: imp!.id }, { priority: tier?.queuePriority ?? 'default', timeoutMs: UPLOAD_TIMEOUT_MS });
  return { id: imp!.id };
}

/** Why a failed import cannot be queued again (the 'Re-run failed imports' special job), or null
 * when it was: only an import in the error state whose upload folder is still on the server (an
 * upload with problems is removed at the failure; the user uploads it again). */
export const RERUN_NO_UPLOAD = 'The upload is no longer on the server (removed when the import failed on a problem in the files); the user must upload the project again.';
export async function rerunFailedImport(deps: AppDeps, id: number): Promise<string | null> {
  const imp = await DatasetImport.query().findById(id);
  if (!imp || imp.status !== 'error') return 'The import is no longer in the error state.';
  if (!imp.uploadDirectory || !existsSync(uploadDir(deps, imp.uploadDirectory))) return RERUN_NO_UPLOAD;
  const n = await DatasetImport.query()
    .patch({ status: 'running', isRunning: true, hasError: false, exceptionMessage: null, progressPercent: 1, progressMessage: 'Waiting in the queue to import the dataset...' })
    .where({ id, status: 'error' });
  if (!n) return 'The import is no longer in the error state.';
  const owner = await Dataset.knex()('users').where('id', imp.userId).first('id', 'tierId', 'tierExpiration');
  const tier = owner ? await tierOf(owner as User) : undefined;
  await deps.queue.queue<{ importId: number }>(IMPORT_QUEUE).add({ importId: id }, { priority: tier?.queuePriority ?? 'default', timeoutMs: UPLOAD_TIMEOUT_MS });
  await deps.bus.publish(importRoom(id), IMPORT_STATUS_EVENT, { importID: id, progress: 1, statusMessage: 'Waiting in the queue to import the dataset...' });
  return null;
}

// ─── reading ─────────────────────────────────────────────────────────────────────────────

export const IMPORT_GRID = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'importedDate', header: 'Imported', filter: false },
    { field: 'status', header: 'Status' },
    { field: 'accessibility', header: 'Sharing' },
    { field: 'isActive', header: 'Active', filter: false },
    { field: 'numSubbasins', header: 'Subbasins', filter: false },
    { field: 'numHrus', header: 'HRUs', filter: false },
    { field: 'numProjects', header: 'Projects', filter: false },
    { field: 'newDatasetID', header: 'Dataset ID', filter: false, csv: false },
  ],
  defaultSort: 'importedDate_desc',
  defaultPerPage: 20,
};

/** GET importdatasets: the user's uploads (not the ones still waiting for the create form). */
export function importRowsQuery(db: Knex, user: User): Knex.QueryBuilder {
  return db('dataset_imports as i')
    .leftJoin('datasets as d', 'd.id', 'i.datasetId')
    .where('i.userId', user.id)
    .whereNot('i.status', 'uploaded')
    .select(
      'i.id',
      db.raw('coalesce(d.name, i.name) as name'),
      db.raw('coalesce(d.description, i.description) as description'),
      db.raw('coalesce(d.created_at, i.created_at) as imported_date'),
      'i.status',
      db.raw(`coalesce(d.accessibility, 'User') as accessibility`),
      db.raw('coalesce(d.is_active, false) as is_active'),
      db.raw('coalesce(d.num_subbasins, 0) as num_subbasins'),
      db.raw('coalesce(d.num_hrus, 0) as num_hrus'),
      db.raw('(select count(*)::int from projects p where p.dataset_id = d.id) as num_projects'),
      db.raw('d.id as new_dataset_id'),
    );
}

/** The user's import (404 for anyone else's, administrators excepted). */
export async function importFor(user: User, id: number, trx?: Knex.Transaction): Promise<DatasetImport> {
  const imp = await DatasetImport.query(trx).findById(id).modify('accessibleBy', user);
  if (!imp) throw new NotFoundError();
  return imp;
}

async function projectCount(datasetId: number | null): Promise<number> {
  if (!datasetId) return 0;
  const [{ n }] = (await Dataset.knex()('projects').where('datasetId', datasetId).count({ n: '*' })) as { n: string }[];
  return Number(n);
}

/** GET importdatasets/{id}: the import dataset entity of spec 3 §3 with its import status. */
export async function importDetail(user: User, id: number) {
  const imp = await importFor(user, id);
  const d = imp.datasetId ? await Dataset.query().findById(imp.datasetId) : undefined;
  const groups = d
    ? ((await Dataset.knex()('dataset_groups as dg').join('groups as g', 'g.id', 'dg.groupId').where('dg.datasetId', d.id).orderBy('g.name').select('g.id as value', 'g.name as text')) as { value: number; text: string }[])
    : [];
  const req = (d?.publicRequest ?? null) as { status?: string; requestedOn?: string; adminMessage?: string; userMessage?: string } | null;
  return {
    id: imp.id,
    name: d?.name ?? imp.name,
    description: d?.description ?? imp.description,
    attribution: d?.attribution ?? imp.attribution,
    importedDate: d?.createdAt ?? imp.createdAt,
    isActive: d?.isActive ?? false,
    status: { isRunning: imp.isRunning, hasError: imp.hasError, exceptionMessage: imp.exceptionMessage, progress: { percent: imp.progressPercent, message: imp.progressMessage } },
    state: imp.status,
    defaultSWATVersionID: d?.defaultSwatVersionId ?? null,
    allowOnlyDefaultSWATVersion: d?.allowOnlyDefaultSwatVersion ?? false,
    accessibility: d?.accessibility ?? 'User',
    groups,
    newDatasetID: d?.id ?? null,
    hasProjects: (await projectCount(d?.id ?? null)) > 0,
    numProjects: await projectCount(d?.id ?? null),
    isPublic: d?.accessibility === 'Public',
    publicRequest: req && req.status !== 'Approved' ? { status: req.status, requestedOn: req.requestedOn, adminMessage: req.adminMessage ?? '' } : null,
    kind: imp.kind,
    isHawqsBased: imp.isHawqsBased,
    uploadedFileName: imp.uploadedFileName,
    hasSwatMdb: imp.hasSwatMdb,
    isSqlite: imp.isSqlite,
    endingSubbasinName: imp.endingSubbasinName,
    summary: imp.summary,
    databases: ((imp.summary as { databases?: SwatDatabaseSummary[] } | null)?.databases ?? []),
    numSubbasins: d?.numSubbasins ?? 0,
    numHrus: d?.numHrus ?? 0,
    swatVersions: ((await Dataset.knex()('swat_versions').where('isDisabled', false).orderBy('name').select('id as value', 'name as text')) as { value: number; text: string }[]),
  };
}

// ─── edit, delete, activate ──────────────────────────────────────────────────────────────

/** The dataset of the user's finished import (owner, or an administrator). */
async function ownDataset(user: User, id: number, trx?: Knex.Transaction): Promise<{ imp: DatasetImport; dataset: Dataset }> {
  const imp = await importFor(user, id, trx);
  if (imp.status === 'running') throw new ConflictError(DATASET_MESSAGES.running);
  const dataset = imp.datasetId ? await Dataset.query(trx).findById(imp.datasetId) : undefined;
  if (!dataset) throw new NotFoundError();
  return { imp, dataset };
}

export type EditForm = { name?: unknown; description?: unknown; attribution?: unknown; defaultSWATVersionID?: unknown; allowOnlyDefaultSWATVersion?: unknown };

/** PUT importdatasets/{id}. */
export async function updateImport(user: User, id: number, form: EditForm): Promise<{ id: number }> {
  const errors = datasetFieldErrors(form, false);
  const version = form.defaultSWATVersionID === undefined || form.defaultSWATVersionID === null || form.defaultSWATVersionID === '' ? null : Number(form.defaultSWATVersionID);
  if (version !== null && (!Number.isInteger(version) || !(await Dataset.knex()('swat_versions').where('id', version).first().catch(() => undefined)))) errors.defaultSWATVersionID = ['Please select a SWAT version.'];
  if (Object.keys(errors).length) throw new InputError(errors);
  const { imp, dataset } = await ownDataset(user, id);
  await Dataset.transaction(async (trx) => {
    await Dataset.query(trx)
      .patch({ name: str(form.name), description: str(form.description), attribution: str(form.attribution), defaultSwatVersionId: version, allowOnlyDefaultSwatVersion: form.allowOnlyDefaultSWATVersion === true || form.allowOnlyDefaultSWATVersion === 'true' })
      .where('id', dataset.id);
    await DatasetImport.query(trx).patch({ name: str(form.name), description: str(form.description), attribution: str(form.attribution) }).where('id', imp.id);
  });
  return { id: imp.id };
}

/** DELETE importdatasets/{id}: a finished dataset only when no project uses it and it is not
 * shared (spec 3 §4); a failed or abandoned import (and its upload folder) at any time. */
export async function deleteImport(deps: AppDeps, user: User, id: number): Promise<{ id: number }> {
  const imp = await importFor(user, id);
  if (imp.status === 'running') throw new ConflictError(DATASET_MESSAGES.running);
  if (imp.datasetId) {
    const n = await projectCount(imp.datasetId);
    if (n > 0) throw new ConflictError(DATASET_MESSAGES.inUse(n));
    const d = await Dataset.query().findById(imp.datasetId);
    if (d && d.accessibility !== 'User' && !user.isAdmin) throw new ConflictError(DATASET_MESSAGES.shared);
  }
  await Dataset.transaction(async (trx) => {
    if (imp.datasetId) {
      // weather brought by the upload goes with it (weather_datasets.dataset_id cascades)
      await trx('datasets').where('id', imp.datasetId).delete();
    }
    await trx('dataset_imports').where('id', imp.id).delete();
  });
  rmSync(uploadDir(deps, imp.uploadDirectory), { recursive: true, force: true });
  return { id: imp.id };
}

/** PATCH importdatasets/activate|deactivate/{id}: existing projects keep working either way. */
export async function setActive(user: User, id: number, active: boolean): Promise<{ id: number; isActive: boolean }> {
  const { dataset } = await ownDataset(user, id);
  await Dataset.query().patch({ isActive: active }).where('id', dataset.id);
  return { id, isActive: active };
}

// ─── sharing ─────────────────────────────────────────────────────────────────────────────

/** PATCH importdatasets/groupshare/{groupId}/{id}: with a group the owner is a member of. */
export async function groupShare(user: User, groupId: number, id: number): Promise<{ id: number; accessibility: string }> {
  const { dataset } = await ownDataset(user, id);
  const group = await Dataset.knex()('groups').where('id', groupId).first();
  if (!group) throw new NotFoundError();
  const member = await Dataset.knex()('group_members').where({ groupId, userId: user.id }).first();
  if (!member && !user.isAdmin) throw new NotFoundError();
  await Dataset.transaction(async (trx) => {
    await trx('dataset_groups').insert({ datasetId: dataset.id, groupId, sharedById: user.id }).onConflict(['dataset_id', 'group_id']).ignore();
    if (dataset.accessibility === 'User') await trx('datasets').where('id', dataset.id).update({ accessibility: 'Group' });
  });
  return { id, accessibility: dataset.accessibility === 'User' ? 'Group' : dataset.accessibility };
}

/** PATCH importdatasets/groupunshare/{groupId}/{id}: the last group gone, it is the user's only again. */
export async function groupUnshare(user: User, groupId: number, id: number): Promise<{ id: number; accessibility: string }> {
  const { dataset } = await ownDataset(user, id);
  let accessibility = dataset.accessibility;
  await Dataset.transaction(async (trx) => {
    await trx('dataset_groups').where({ datasetId: dataset.id, groupId }).delete();
    const [{ n }] = (await trx('dataset_groups').where('datasetId', dataset.id).count({ n: '*' })) as { n: string }[];
    if (Number(n) === 0 && accessibility === 'Group') {
      accessibility = 'User';
      await trx('datasets').where('id', dataset.id).update({ accessibility });
    }
  });
  return { id, accessibility };
}

/** PUT importdatasets/publicshare/{id} (value: the reasons): a request administrators review. */
export async function requestPublic(user: User, id: number, reasons: string): Promise<{ id: number; publicRequest: unknown }> {
  if (!reasons.trim()) throw new InputError({ value: [DATASET_MESSAGES.required] });
  const { dataset } = await ownDataset(user, id);
  if (dataset.accessibility === 'Public') throw new ConflictError('This dataset is public already.');
  const publicRequest = { status: 'Submitted', userMessage: reasons.trim(), requestedOn: new Date().toISOString(), requestedBy: user.userName, adminMessage: '' };
  await Dataset.query().patch({ publicRequest }).where('id', dataset.id);
  return { id, publicRequest };
}

/** PUT admin/datasets/share/{datasetId} (spec 3 §3 sharing payload): approve a request by sharing
 * to all users of the chosen tiers, or deny it (sharing unchanged) with a message; the requester
 * is notified either way. Also sets group sharing. Once public, only administrators unshare. */
export async function adminShare(
  admin: User,
  datasetId: number,
  body: { accessibility?: unknown; groups?: unknown; tiers?: unknown; deny?: unknown; adminMessage?: unknown },
): Promise<{ id: number; accessibility: string; publicRequest: unknown }> {
  const dataset = await Dataset.query().findById(datasetId);
  if (!dataset) throw new NotFoundError();
  const accessibility = body.accessibility === undefined ? dataset.accessibility : String(body.accessibility);
  if (!['User', 'Group', 'Public'].includes(accessibility)) throw new InputError({ accessibility: ['Please choose User, Group or Public.'] });
  const ids = (v: unknown) => (Array.isArray(v) ? v.map((x) => Number(typeof x === 'object' && x ? (x as { value?: unknown }).value : x)).filter((n) => Number.isInteger(n)) : undefined);
  const groups = ids(body.groups);
  const tiers = ids(body.tiers);
  const deny = body.deny === true || body.deny === 'true';
  const adminMessage = str(body.adminMessage);
  const req = (dataset.publicRequest ?? null) as Record<string, unknown> | null;
  let publicRequest: Record<string, unknown> | null = req;
  await Dataset.transaction(async (trx) => {
    if (deny) {
      if (req) publicRequest = { ...req, status: 'Denied', adminMessage, reviewedBy: admin.userName, reviewedOn: new Date().toISOString() };
      await trx('datasets').where('id', dataset.id).update({ publicRequest: publicRequest ? JSON.stringify(publicRequest) : null });
    } else {
      if (accessibility === 'Public' && req && req.status === 'Submitted') publicRequest = { ...req, status: 'Approved', adminMessage, reviewedBy: admin.userName, reviewedOn: new Date().toISOString() };
      await trx('datasets').where('id', dataset.id).update({ accessibility, publicRequest: publicRequest ? JSON.stringify(publicRequest) : null });
      if (groups) {
        await trx('dataset_groups').where('datasetId', dataset.id).delete();
        if (groups.length) await trx('dataset_groups').insert(groups.map((groupId) => ({ datasetId: dataset.id, groupId, sharedById: admin.id })));
      }
      if (tiers) {
        const known = tiers.length ? (await Tier.query(trx).whereIn('id', tiers)).map((t) => t.id) : [];
        await trx('dataset_tiers').where('datasetId', dataset.id).delete();
        if (known.length) await trx('dataset_tiers').insert(known.map((tierId) => ({ datasetId: dataset.id, tierId })));
      }
    }
    // the requester hears of the review (approved or denied)
    const reviewed = req && req.status === 'Submitted' && publicRequest && publicRequest.status !== 'Submitted';
    if (reviewed && dataset.userId) {
      const imp = await DatasetImport.query(trx).findOne({ datasetId: dataset.id });
      const approved = publicRequest!.status === 'Approved';
      await Notification.query(trx).insert({
        userId: dataset.userId,
        title: approved ? `Your dataset ${dataset.name} is now public` : `Your request to make ${dataset.name} public was denied`,
        details: adminMessage || (approved ? 'An administrator approved your request.' : 'An administrator reviewed your request.'),
        url: imp ? `/datasets/${imp.id}` : null,
        urlText: imp ? 'View dataset' : null,
      });
    }
  });
  return { id: dataset.id, accessibility: deny ? dataset.accessibility : accessibility, publicRequest };
}

/** GET admin/datasets/publicrequests: the public requests waiting for review (the admin pages list them). */
export async function publicRequests() {
  const rows = await Dataset.query().whereRaw(`public_request->>'status' = 'Submitted'`).orderBy('id');
  return rows.map((d) => ({ id: d.id, name: d.name, userId: d.userId, publicRequest: d.publicRequest }));
}

/** Whether a user may watch an import's live status (its owner, administrators). */
export async function mayWatchImport(user: User | undefined, id: number): Promise<boolean> {
  if (!user) return false;
  return !!(await DatasetImport.query().findById(id).modify('accessibleBy', user));
}
