// Website text (spec 1 §1, spec 3 'Website text') and website settings. The feature-flag
// settings are read from and written to the plugin registry, never stored twice.
import type { Knex } from 'knex';
import { NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { getSetting, setSetting } from '../settings/service.ts';
import { readFlags, writeFlags, SITE_FLAGS, type SiteFlag } from '../plugins/service.ts';
import { SiteText } from './models.ts';
import { forgetGateSettings } from './gate.ts';

export const SITE_TEXT_FIELDS = [
  'appName',
  'siteName',
  'siteLongName',
  'siteNameDescription',
  'homePageIntro',
  'homePageText',
  'homePageWorkLists',
  'footer',
  'helpPageText',
] as const;
export type SiteTextFields = Record<(typeof SITE_TEXT_FIELDS)[number], string>;

export type TileProvider = { name: string; visible: boolean; attribution: string; url: string };
export type StoredSiteSettings = {
  isOffline: boolean;
  useCustomHelpPage: boolean;
  customTileProviders: TileProvider[] | null;
  customMapBounds: [number, number] | null;
  customMapZoom: number | null;
  apiConnectivityEnabled: boolean;
  enableAlertNotification: boolean;
  alertNotification: string;
};
export type SiteSettings = StoredSiteSettings & Record<SiteFlag, boolean>;

export const DEFAULT_SITE_SETTINGS: StoredSiteSettings = {
  isOffline: false,
  useCustomHelpPage: false,
  customTileProviders: null,
  customMapBounds: null,
  customMapZoom: null,
  apiConnectivityEnabled: true,
  enableAlertNotification: false,
  alertNotification: '',
};

export async function readSiteText(trx?: Knex.Transaction): Promise<SiteTextFields> {
  const rows = await SiteText.query(trx).where('isPage', false);
  const out = Object.fromEntries(SITE_TEXT_FIELDS.map((f) => [f, ''])) as SiteTextFields;
  for (const r of rows) if ((SITE_TEXT_FIELDS as readonly string[]).includes(r.name)) out[r.name as keyof SiteTextFields] = r.value;
  return out;
}

export async function writeSiteText(values: Partial<SiteTextFields>, trx: Knex.Transaction): Promise<void> {
  for (const name of SITE_TEXT_FIELDS) {
    const value = values[name];
    if (value === undefined) continue;
    await SiteText.query(trx).insert({ name, value, isPage: false }).onConflict('name').merge(['value', 'updatedAt']);
  }
}

/** POST admin/websitetext: the given fields in one transaction; answers the whole text. */
export async function saveSiteText(deps: Pick<AppDeps, 'db'>, values: Partial<SiteTextFields>): Promise<SiteTextFields> {
  await deps.db.transaction((trx) => writeSiteText(values, trx));
  return readSiteText();
}

/** GET datasets/websitetext: what every visitor reads. */
export async function publicSiteText() {
  return { siteText: await readSiteText(), siteSettings: await publicSiteSettings() };
}

/** A page text for visitors (404 when the page has none). */
export async function publicPage(name: string): Promise<{ text: string }> {
  const text = await readPage(name);
  if (text === undefined) throw new NotFoundError();
  return { text };
}

export async function readPage(name: string): Promise<string | undefined> {
  const row = await SiteText.query().findById(pageKey(name));
  return row?.value;
}

export async function writePage(name: string, value: string): Promise<void> {
  await SiteText.query().insert({ name: pageKey(name), value, isPage: true }).onConflict('name').merge(['value', 'updatedAt']);
}

/** Page texts live beside the text fields; `page:` keeps the two name spaces apart. */
function pageKey(name: string): string {
  return `page:${name.toLowerCase()}`;
}

export async function readSiteSettings(trx?: Knex.Transaction): Promise<SiteSettings> {
  const stored = { ...DEFAULT_SITE_SETTINGS, ...((await getSetting<Partial<StoredSiteSettings>>('siteSettings', trx)) ?? {}) };
  return { ...stored, ...(await readFlags(trx)) };
}

export async function writeSiteSettings(values: Partial<SiteSettings>, trx: Knex.Transaction): Promise<SiteSettings> {
  const current = { ...DEFAULT_SITE_SETTINGS, ...((await getSetting<Partial<StoredSiteSettings>>('siteSettings', trx)) ?? {}) };
  const next: Record<string, unknown> = { ...current };
  for (const key of Object.keys(DEFAULT_SITE_SETTINGS)) {
    if (key in values) next[key] = (values as Record<string, unknown>)[key];
  }
  await setSetting('siteSettings', next, trx);
  const flags: Partial<Record<SiteFlag, boolean>> = {};
  for (const f of SITE_FLAGS) if (typeof values[f] === 'boolean') flags[f] = values[f];
  await writeFlags(flags, trx);
  return readSiteSettings(trx);
}

/** POST admin/websitesettings: stored in one transaction, then every API instance is told the
 * plugin flags may have changed (the site flags are plugin flags). */
export async function saveSiteSettings(deps: Pick<AppDeps, 'db' | 'bus'>, values: Partial<SiteSettings>): Promise<SiteSettings> {
  const saved = await deps.db.transaction((trx) => writeSiteSettings(values, trx));
  forgetGateSettings();
  await deps.bus.publish('site', 'plugins-changed', {});
  return saved;
}

/** What every visitor may read: text plus the settings the pages need (no admin-only parts). */
export async function publicSiteSettings(): Promise<Omit<SiteSettings, 'apiConnectivityEnabled'>> {
  const { apiConnectivityEnabled: _omit, ...rest } = await readSiteSettings();
  return rest;
}
