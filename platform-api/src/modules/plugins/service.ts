// The plugin registry: which plugins exist, which are enabled, and what each caller sees.
// Enabled state is server-side and per plugin; the site settings includeCeQual, includeFfa,
// includeBaseflowSeparation and includeCalibrationRuns are the flags of the plugins that declare them (one source of truth).
import type { Knex } from 'knex';
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { getSetting, setSetting } from '../settings/service.ts';
import { PluginRecord } from './models.ts';
import { expandManifest, registryProblems, remoteName, validateManifest, type ManifestSource, type PluginListing, type PluginManifest } from './manifest.ts';
import type { WorkspacePlugin } from './discovery.ts';

/** The feature flags the site settings expose (spec 3 website settings). */
export const SITE_FLAGS = ['includeCeQual', 'includeFfa', 'includeBaseflowSeparation', 'includeCalibrationRuns'] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

export function workspaceEntry(id: string): string {
  return `/plugins/${id}/mf-manifest.json`;
}

/** Registers workspace plugins at start: manifest fields follow the code; an administrator's
 * enabled choice survives restarts. */
export async function syncWorkspacePlugins(plugins: WorkspacePlugin[], trx?: Knex.Transaction): Promise<void> {
  const pendingFlags = (await getSetting<Record<string, boolean>>('pluginFlags', trx)) ?? {};
  for (const { manifest } of plugins) {
    const existing = await PluginRecord.query(trx).findById(manifest.id);
    const fields = {
      kind: manifest.kind,
      title: manifest.title,
      version: manifest.version,
      entry: workspaceEntry(manifest.id),
      source: 'workspace' as const,
      manifest,
      sortOrder: manifest.order ?? 100,
    };
    if (existing) {
      await PluginRecord.query(trx).patch(fields).where('id', manifest.id);
    } else {
      const flagged = manifest.flag ? pendingFlags[manifest.flag] : undefined;
      await PluginRecord.query(trx).insert({
        id: manifest.id,
        ...fields,
        enabled: flagged ?? manifest.defaultEnabled ?? true,
        adminSet: flagged !== undefined,
        settings: {},
        secretSettings: {},
      });
    }
  }
  invalidatePluginCache();
}

function visibleTo(manifest: PluginManifest, user: User | undefined): boolean {
  if (!manifest.roles?.length) return true;
  return !!user && manifest.roles.some((r) => user.hasRole(r));
}

export function toListing(p: PluginRecord): PluginListing {
  return {
    id: p.id,
    kind: p.kind,
    title: p.title,
    version: p.version,
    entry: p.entry,
    remote: remoteName(p.id),
    routes: p.manifest.routes ?? [],
    nav: p.manifest.nav ?? [],
    modTable: p.manifest.modTable,
    order: p.sortOrder,
    settings: p.settings ?? {},
  };
}

// Every page load asks for the plugin list: the enabled rows are kept for a few seconds, and
// any change (here, or on another API instance through the status bus) drops them at once.
const CACHE_MS = 5000;
let enabledCache: { rows: Promise<PluginRecord[]>; at: number } | undefined;

export function invalidatePluginCache(): void {
  enabledCache = undefined;
}

function enabledRows(): Promise<PluginRecord[]> {
  if (!enabledCache || Date.now() - enabledCache.at > CACHE_MS) {
    const rows = (async () => PluginRecord.query().where('enabled', true).orderBy([{ column: 'sortOrder' }, { column: 'id' }]))();
    rows.catch(() => invalidatePluginCache());
    enabledCache = { rows, at: Date.now() };
    return rows;
  }
  return enabledCache.rows;
}

/** Enabled plugins visible to the caller; nav entries filtered by the caller's roles. */
export async function listPluginsFor(user: User | undefined): Promise<PluginListing[]> {
  const rows = await enabledRows();
  return rows
    .filter((p) => visibleTo(p.manifest, user))
    .map((p) => {
      const listing = toListing(p);
      listing.nav = listing.nav.filter((n) => !n.roles?.length || (!!user && n.roles.some((r) => user.hasRole(r))));
      return listing;
    });
}

export async function listAllPlugins(): Promise<(PluginListing & { enabled: boolean; source: string; flag?: string; description?: string; core?: boolean })[]> {
  const rows = await PluginRecord.query().orderBy([{ column: 'sortOrder' }, { column: 'id' }]);
  return rows.map((p) => ({ ...toListing(p), enabled: p.enabled, source: p.source, flag: p.manifest.flag, description: p.manifest.description, core: p.manifest.core }));
}

export async function isPluginEnabled(id: string): Promise<boolean> {
  return (await enabledRows()).some((p) => p.id === id);
}

/** An enabled plugin's settings and secret settings, for its server half (undefined when disabled). */
export async function enabledPluginSettings(id: string): Promise<{ settings: Record<string, unknown>; secrets: Record<string, unknown> } | undefined> {
  const row = (await enabledRows()).find((p) => p.id === id);
  return row && { settings: row.settings ?? {}, secrets: row.secretSettings ?? {} };
}

/** The wording of the registry's refusals (ours: the spec has no plugin administration). */
export const PLUGIN_MESSAGES = {
  core: 'This plugin administers the others and cannot be disabled.',
  builtIn: 'Built-in plugins can be disabled but not removed.',
} as const;

/** Enables or disables a plugin and/or merges its settings; every instance hears of it. */
export async function setPluginState(
  deps: Pick<AppDeps, 'bus'>,
  id: string,
  change: { enabled?: boolean; settings?: Record<string, unknown>; secretSettings?: Record<string, unknown> },
): Promise<PluginListing> {
  const row = await PluginRecord.query().findById(id);
  if (!row) throw new NotFoundError();
  // The plugin administration page itself: disabling it would lock administrators out.
  if (change.enabled === false && row.manifest.core) throw new InputError({ enabled: [PLUGIN_MESSAGES.core] });
  const patch: Partial<PluginRecord> = {};
  if (change.enabled !== undefined) Object.assign(patch, { enabled: change.enabled, adminSet: true });
  if (change.settings !== undefined) patch.settings = { ...row.settings, ...change.settings };
  // Secret settings are merged the same way; a key set to null is removed. They are never listed.
  if (change.secretSettings !== undefined) {
    const merged: Record<string, unknown> = { ...row.secretSettings, ...change.secretSettings };
    for (const [k, v] of Object.entries(change.secretSettings)) if (v === null) delete merged[k];
    patch.secretSettings = merged;
  }
  const saved = await PluginRecord.query().patchAndFetchById(id, patch);
  invalidatePluginCache();
  await deps.bus.publish('site', 'plugins-changed', { id: saved.id, enabled: saved.enabled });
  return toListing(saved);
}

/** Removes an externally registered plugin (workspace plugins can only be disabled). */
export async function removeExternalPlugin(deps: Pick<AppDeps, 'bus'>, id: string): Promise<void> {
  const row = await PluginRecord.query().findById(id);
  if (!row) throw new NotFoundError();
  if (row.source === 'workspace') throw new InputError({ id: [PLUGIN_MESSAGES.builtIn] });
  await PluginRecord.query().deleteById(id);
  invalidatePluginCache();
  await deps.bus.publish('site', 'plugins-changed', { id });
}

/** Site-setting flags read from the plugins that declare them; a flag whose plugin is not
 * installed keeps the administrator's last choice until such a plugin registers. */
export async function readFlags(trx?: Knex.Transaction): Promise<Record<SiteFlag, boolean>> {
  const pending = (await getSetting<Record<string, boolean>>('pluginFlags', trx)) ?? {};
  const rows = await PluginRecord.query(trx);
  const out = {} as Record<SiteFlag, boolean>;
  for (const flag of SITE_FLAGS) {
    const plugins = rows.filter((r) => r.manifest.flag === flag);
    out[flag] = plugins.length ? plugins.some((p) => p.enabled) : (pending[flag] ?? false);
  }
  return out;
}

export async function writeFlags(flags: Partial<Record<SiteFlag, boolean>>, trx: Knex.Transaction): Promise<void> {
  const pending = (await getSetting<Record<string, boolean>>('pluginFlags', trx)) ?? {};
  const rows = await PluginRecord.query(trx);
  for (const flag of SITE_FLAGS) {
    const value = flags[flag];
    if (value === undefined) continue;
    pending[flag] = value;
    for (const p of rows.filter((r) => r.manifest.flag === flag)) {
      await PluginRecord.query(trx).patch({ enabled: value, adminSet: true }).where('id', p.id);
    }
  }
  await setSetting('pluginFlags', pending, trx);
  invalidatePluginCache();
}

export type Fetcher = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/**
 * Registers an externally deployed remote by its mf-manifest.json URL: the manifest must be
 * reachable, expose `./plugin`, and come with a headwater.json (written beside it by our
 * build) whose manifest is valid and built for a compatible SDK.
 */
export async function registerExternalPlugin(deps: Pick<AppDeps, 'bus' | 'fetcher'>, manifestUrl: string): Promise<PluginListing> {
  const { record, errors } = await checkAndStoreRemote(manifestUrl, deps.fetcher);
  if (errors) throw new InputError({ manifestUrl: errors });
  await deps.bus.publish('site', 'plugins-changed', { id: record!.id, enabled: true });
  return toListing(record!);
}

async function checkAndStoreRemote(manifestUrl: string, fetcher: Fetcher, trx?: Knex.Transaction): Promise<{ record?: PluginRecord; errors?: string[] }> {
  let url: URL;
  try {
    url = new URL(manifestUrl);
    if (!['http:', 'https:'].includes(url.protocol)) throw new Error('protocol');
  } catch {
    return { errors: ['Please enter the full http(s) URL of the remote\'s mf-manifest.json.'] };
  }
  const get = async (u: string) => {
    try {
      const res = await fetcher(u);
      if (!res.ok) return { error: `${u} answered ${res.status}.` };
      return { body: await res.json() };
    } catch {
      return { error: `${u} could not be reached.` };
    }
  };
  const mf = await get(url.href);
  if (mf.error) return { errors: [mf.error] };
  const exposes = (mf.body as { exposes?: { path?: string; name?: string }[] }).exposes ?? [];
  if (!exposes.some((e) => e.path === './plugin' || e.name === 'plugin')) {
    return { errors: ['The remote does not expose ./plugin.'] };
  }
  const hw = await get(new URL('headwater.json', url).href);
  if (hw.error) return { errors: [`headwater.json: ${hw.error}`] };
  const problems = validateManifest(hw.body);
  if (problems.length) return { errors: problems };
  const manifest = expandManifest(hw.body as ManifestSource);
  const existing = await PluginRecord.query(trx).findById(manifest.id);
  if (existing?.source === 'workspace') return { errors: [`A built-in plugin already uses the id '${manifest.id}'.`] };
  // A route name or path belongs to one plugin: links resolve by name, the shell routes by path.
  const others = (await PluginRecord.query(trx).whereNot('id', manifest.id)).map((r) => r.manifest);
  const clashes = registryProblems([...others, manifest]).filter((m) => m.includes(`'${manifest.id}'`));
  if (clashes.length) return { errors: clashes };
  const fields = {
    kind: manifest.kind,
    title: manifest.title,
    version: manifest.version,
    entry: url.href,
    source: 'external' as const,
    manifest,
    sortOrder: manifest.order ?? 100,
  };
  const record = existing
    ? await PluginRecord.query(trx).patchAndFetchById(manifest.id, fields)
    : await PluginRecord.query(trx).insertAndFetch({ id: manifest.id, ...fields, enabled: true, adminSet: true, settings: {}, secretSettings: {} });
  invalidatePluginCache();
  return { record };
}
