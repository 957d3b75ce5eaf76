import type { Knex } from 'knex';
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { GridSpec } from '../../db/grid.ts';
import { entriesFor, record } from '../admin-users/audit.ts';
import type { User } from '../users/models.ts';
import { Tier } from './models.ts';

/** Spec 3 §3 Tier featureList. */
export const TIER_FEATURES = ['batchProjects', 'regionalProjects'] as const;

/** Tiers as the help page's table and the account page list them (hidden tiers left out). */
export async function listPublicTiers() {
  const tiers = await Tier.query().where('hideFromDisplay', false).orderBy([{ column: 'sortOrder' }, { column: 'id' }]);
  return tiers.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    isDefault: t.isDefault,
    subbasinLimit: t.subbasinLimit,
    hruLimit: t.hruLimit,
    taskLimit: t.taskLimit,
    taskLimitInterval: t.taskLimitInterval,
    concurrencyLimit: t.concurrencyLimit,
    queuePriority: t.queuePriority,
    datasetUploadLimit: t.datasetUploadLimit,
    featureList: t.featureList,
    datasets: t.datasets,
  }));
}

export async function defaultTier(): Promise<Tier | undefined> {
  return Tier.query().where('isDefault', true).first();
}

// ─── administration (spec 3 §2.3 Tiers, §3 Tier, §5, §7 'Tiers') ─────────────────────────
// Limits are read from this table by every check (projects/access.ts `tierOf`, the run checks
// of scenarios/service.ts), so a change here is in force for the next project or run.

export const TIER_MESSAGES = {
  inUse: (n: number) => `This tier cannot be deleted while ${n} user${n === 1 ? '' : 's'} ${n === 1 ? 'holds' : 'hold'} it. Move ${n === 1 ? 'that user' : 'those users'} to another tier first.`,
  defaultTier: 'The default tier cannot be deleted. Make another tier the default first.',
  keepDefault: 'One tier must be the default. Make another tier the default instead.',
  nameTaken: 'A tier with that name already exists.',
  wholeNumber: 'Must be a whole number of 0 or more',
  interval: 'Must be 1 (per hour) or 24 (per day)',
  priority: 'Must be one of default, middle, highest',
  feature: `Features are ${TIER_FEATURES.join(', ')}`,
  dataset: 'Please select datasets from the list.',
} as const;

export const TIER_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'isDefault', header: 'Default', filter: false },
    { field: 'hideFromDisplay', header: 'Hidden', filter: false },
    { field: 'subbasinLimit', header: 'Max. Subbasins', filter: false },
    { field: 'hruLimit', header: 'Max. HRUs', filter: false },
    { field: 'taskLimit', header: 'Runs', filter: false },
    { field: 'taskLimitInterval', header: 'Run interval (hours)', filter: false },
    { field: 'concurrencyLimit', header: 'Run concurrently', filter: false },
    { field: 'queuePriority', header: 'Queue priority' },
    { field: 'datasetUploadLimit', header: 'Max. project uploads', filter: false },
    { field: 'numUsers', header: 'Users', filter: false },
    { field: 'sortOrder', header: 'Order', filter: false },
  ],
  defaultSort: 'sortOrder',
  defaultPerPage: 50,
};

/** Users holding a tier: those assigned to it, and for the default tier those assigned to none. */
function holdersSql(alias: string): string {
  return `(u.tier_id = ${alias}.id or (u.tier_id is null and ${alias}.is_default))`;
}

/** GET admin/tiers: every tier with its number of users. */
export function tierRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('tiers as t').select(
    't.id', 't.name', 't.description', 't.isDefault', 't.hideFromDisplay', 't.subbasinLimit', 't.hruLimit', 't.taskLimit', 't.taskLimitInterval',
    't.concurrencyLimit', 't.queuePriority', 't.datasetUploadLimit', 't.sortOrder',
    db.raw(`(select count(*)::int from users u where ${holdersSql('t')}) as num_users`),
  );
}

function tierJson(t: Tier) {
  return {
    id: t.id, name: t.name, description: t.description, isDefault: t.isDefault, hideFromDisplay: t.hideFromDisplay,
    subbasinLimit: t.subbasinLimit, hruLimit: t.hruLimit, taskLimit: t.taskLimit, taskLimitInterval: t.taskLimitInterval,
    concurrencyLimit: t.concurrencyLimit, queuePriority: t.queuePriority, datasetUploadLimit: t.datasetUploadLimit,
    datasets: t.datasets, featureList: t.featureList, sortOrder: t.sortOrder,
  };
}

async function tierById(id: number, trx?: Knex.Transaction): Promise<Tier> {
  const t = await Tier.query(trx).findById(id);
  if (!t) throw new NotFoundError();
  return t;
}

/** GET admin/tiers/{id}: the tier, the datasets it may list, its users count and audit log. */
export async function getTier(id: number) {
  const t = await tierById(id);
  const [{ n }] = (await Tier.knex().raw(`select count(*)::int as n from users u, tiers t where t.id = ? and ${holdersSql('t')}`, [id])).rows as { n: number }[];
  return { tier: tierJson(t), numUsers: n, datasets: await datasetOptions(), features: TIER_FEATURES, auditLog: await entriesFor('tier', id) };
}

/** The datasets a tier may be limited to (GET /datasets of spec 3 §7: value and text). */
export async function datasetOptions() {
  const rows = await Tier.knex()('datasets').select('id', 'name', 'isUserSubmitted').orderBy([{ column: 'optionOrder' }, { column: 'name' }]);
  return rows.map((d: { id: number; name: string; isUserSubmitted: boolean }) => ({ value: d.id, text: d.name, isUserSubmitted: d.isUserSubmitted }));
}

type TierForm = Omit<ReturnType<typeof tierJson>, 'id'>;

/** Spec 3 §5: name, subbasinLimit, hruLimit, taskLimit, concurrencyLimit, datasetUploadLimit
 * required (0 unlimited, except uploads: 0 none); interval 1 or 24; priority default|middle|highest. */
async function checkTierForm(trx: Knex.Transaction, body: unknown, exceptId?: number): Promise<TierForm> {
  const o = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const name = typeof o.name === 'string' ? o.name.trim() : '';
  if (!name) add('name', 'Required');
  else if (name.length > 100) add('name', 'Must be at most 100 characters');
  const description = typeof o.description === 'string' ? o.description.trim() : '';
  const int = (f: string, required: boolean, fallback = 0): number => {
    const v = o[f];
    if (v === undefined || v === null || v === '') {
      if (required) add(f, 'Required');
      return fallback;
    }
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 2_000_000_000) add(f, TIER_MESSAGES.wholeNumber);
    return n;
  };
  const form: TierForm = {
    name,
    description,
    isDefault: o.isDefault === true,
    hideFromDisplay: o.hideFromDisplay === true,
    subbasinLimit: int('subbasinLimit', true),
    hruLimit: int('hruLimit', true),
    taskLimit: int('taskLimit', true),
    taskLimitInterval: int('taskLimitInterval', false, 24),
    concurrencyLimit: int('concurrencyLimit', true),
    queuePriority: (typeof o.queuePriority === 'string' && o.queuePriority ? o.queuePriority : 'default') as Tier['queuePriority'],
    datasetUploadLimit: int('datasetUploadLimit', true),
    datasets: Array.isArray(o.datasets) ? [...new Set(o.datasets.map(Number))] : [],
    featureList: Array.isArray(o.featureList) ? [...new Set(o.featureList.map(String))] : [],
    sortOrder: int('sortOrder', false, 0),
  };
  if (!errors.taskLimitInterval && form.taskLimitInterval !== 1 && form.taskLimitInterval !== 24) add('taskLimitInterval', TIER_MESSAGES.interval);
  if (!['default', 'middle', 'highest'].includes(form.queuePriority)) add('queuePriority', TIER_MESSAGES.priority);
  if (form.featureList.some((f) => !(TIER_FEATURES as readonly string[]).includes(f))) add('featureList', TIER_MESSAGES.feature);
  if (form.datasets.some((d) => !Number.isInteger(d))) add('datasets', TIER_MESSAGES.dataset);
  else if (form.datasets.length) {
    const found = await trx('datasets').whereIn('id', form.datasets).count({ n: '*' });
    if (Number(found[0]!.n) !== form.datasets.length) add('datasets', TIER_MESSAGES.dataset);
  }
  if (name && !errors.name) {
    const q = Tier.query(trx).whereRaw('lower(name) = lower(?)', [name]);
    if (exceptId) q.whereNot('id', exceptId);
    if (await q.first()) add('name', TIER_MESSAGES.nameTaken);
  }
  if (Object.keys(errors).length) throw new InputError(errors);
  return form;
}

function changes(before: TierForm, after: TierForm): string {
  const list = (Object.keys(after) as (keyof TierForm)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return list.map((k) => `${k}: ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`).join('; ');
}

/** POST admin/tiers → { id }. A new default tier takes the flag from the old one. */
export async function createTier(db: Knex, actor: User, body: unknown): Promise<{ id: number }> {
  return db.transaction(async (trx) => {
    const form = await checkTierForm(trx, body);
    if (form.isDefault) await Tier.query(trx).patch({ isDefault: false }).where('isDefault', true);
    const t = await Tier.query(trx).insertAndFetch(form);
    await record(trx, actor, 'tier', { id: t.id, name: t.name }, 'create', `Created the tier ${t.name}`);
    return { id: t.id };
  });
}

/** PUT admin/tiers/{id}. */
export async function updateTier(db: Knex, actor: User, id: number, body: unknown) {
  return db.transaction(async (trx) => {
    const before = await tierById(id, trx);
    const form = await checkTierForm(trx, body, id);
    if (before.isDefault && !form.isDefault) throw new InputError({ isDefault: [TIER_MESSAGES.keepDefault] });
    if (form.isDefault && !before.isDefault) await Tier.query(trx).patch({ isDefault: false }).where('isDefault', true);
    const t = await Tier.query(trx).patchAndFetchById(id, form);
    const { id: _id, ...was } = tierJson(before);
    const what = changes(was, form);
    if (what) await record(trx, actor, 'tier', { id, name: t.name }, 'update', what);
    return tierJson(t);
  });
}

/** DELETE admin/tiers/{id} (full administrators): refused while users hold the tier, and for the default tier. */
export async function deleteTier(db: Knex, actor: User, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const t = await tierById(id, trx);
    if (t.isDefault) throw new InputError(TIER_MESSAGES.defaultTier);
    const n = Number((await trx('users').where('tierId', id).count({ n: '*' }))[0]!.n);
    if (n > 0) throw new InputError(TIER_MESSAGES.inUse(n));
    await Tier.query(trx).deleteById(id);
    await record(trx, actor, 'tier', { id, name: t.name }, 'delete', `Deleted the tier ${t.name}`);
  });
}

export const TIER_USER_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'userName', header: 'User name' },
    { field: 'email', header: 'Email' },
    { field: 'firstName', header: 'First name' },
    { field: 'lastName', header: 'Last name' },
    { field: 'affiliation', header: 'Affiliation' },
    { field: 'location', header: 'Location' },
    { field: 'expiration', header: 'Expiration', filter: false },
  ],
  defaultSort: 'userName',
  defaultPerPage: 50,
};

/** GET admin/tiers/users/{id}: the users holding the tier, with their tier expiration. */
export async function tierUsersQuery(db: Knex, id: number): Promise<{ query: Knex.QueryBuilder }> {
  const t = await tierById(id);
  const q = db('users as u').select(
    'u.id', 'u.userName', 'u.email', 'u.firstName', 'u.lastName', 'u.affiliation',
    db.raw(`concat_ws(', ', nullif(u.state, ''), nullif(u.country, '')) as location`),
    db.raw('u.tier_expiration as expiration'),
  );
  // Wrapped: a query builder is a thenable, and an async function would run it.
  return { query: t.isDefault ? q.where((w) => w.where('u.tierId', id).orWhereNull('u.tierId')) : q.where('u.tierId', id) };
}
