import { NotFoundError } from '@headwater/plugin-sdk/server';
import type { User } from '../users/models.ts';
import { Tier } from '../tiers/models.ts';
import { defaultTier } from '../tiers/service.ts';
import { Calibration, CalibrationGroup, CalibrationSite, Dataset, DatasetRegion, LandUseCode, WeatherStation } from './models.ts';

export type DatasetOption = {
  value: number;
  text: string;
  description: string;
  attribution: string;
  loadByDefault: boolean;
  bounds: { minLat: number | null; maxLat: number | null; minLon: number | null; maxLon: number | null };
  endingSubbasin: string | null;
};
export type OptionGroup = { label: string; options: DatasetOption[] };

function option(d: Dataset): DatasetOption {
  return {
    value: d.id,
    text: d.name,
    description: d.description,
    attribution: d.attribution,
    loadByDefault: d.loadByDefault,
    bounds: { minLat: d.minLat, maxLat: d.maxLat, minLon: d.minLon, maxLon: d.maxLon },
    endingSubbasin: d.endingSubbasin ?? null,
  };
}

/** System datasets grouped by their option group ('System datasets' first), as the dataset
 * selectors of the create page and the help page's land-use page show them. */
export async function publicDatasetGroups(): Promise<OptionGroup[]> {
  const rows = await Dataset.query()
    .where({ isActive: true, isUserSubmitted: false, accessibility: 'Public' })
    .orderBy([{ column: 'optionGroup' }, { column: 'optionOrder' }, { column: 'name' }]);
  const groups = new Map<string, OptionGroup>();
  for (const d of rows) {
    let g = groups.get(d.optionGroup);
    if (!g) groups.set(d.optionGroup, (g = { label: d.optionGroup, options: [] }));
    g.options.push(option(d));
  }
  return [...groups.values()].sort((a, b) => (a.label === 'System datasets' ? -1 : b.label === 'System datasets' ? 1 : a.label.localeCompare(b.label)));
}

/** The active dataset if the user may read its data (land uses, subbasins): Dataset's
 * `accessibleBy` (public, their own, every one for administrators). */
export async function readableDataset(id: number, user: User | undefined): Promise<Dataset | undefined> {
  return Dataset.query().findById(id).where('isActive', true).modify('accessibleBy', user);
}

/** The readable dataset, or NotFoundError. */
export async function datasetFor(id: number, user: User | undefined): Promise<Dataset> {
  const d = await readableDataset(id, user);
  if (!d) throw new NotFoundError();
  return d;
}

/** GET datasets/cropcodes?id=: the land uses of a dataset the user may read. */
export async function cropCodes(datasetId: number, user: User | undefined): Promise<{ code: string; name: string }[]> {
  await datasetFor(datasetId, user);
  const rows = await LandUseCode.query().where('datasetId', datasetId).orderBy('code');
  return rows.map((r) => ({ code: r.code, name: r.name }));
}

/** The tier a user's limits come from: their own while it has not expired, else the default tier. */
export async function tierOf(user: User): Promise<Tier | undefined> {
  const expired = !!user.tierExpiration && new Date(user.tierExpiration).getTime() < Date.now();
  if (user.tierId && !expired) {
    const t = await Tier.query().findById(user.tierId);
    if (t) return t;
  }
  return defaultTier();
}

/** GET /datasets/user: the system datasets (grouped), the user's own uploaded datasets, and
 * the limits of the user's tier (0 = unlimited; `datasets` empty = every dataset). */
export async function userDatasets(user: User) {
  // uploads the user may use: their own and those shared with them (groups, approved public)
  const own = await Dataset.query()
    .modify('accessibleBy', { id: user.id, tierId: user.tierId, tierExpiration: user.tierExpiration })
    .where({ isActive: true, isUserSubmitted: true })
    .orderBy([{ column: 'optionOrder' }, { column: 'name' }]);
  const tier = await tierOf(user);
  return {
    datasets: await publicDatasetGroups(),
    userDatasets: own.map(option),
    limits: { subbasinLimit: tier?.subbasinLimit ?? 0, hruLimit: tier?.hruLimit ?? 0, datasets: tier?.datasets ?? [] },
  };
}

const EMPTY = { type: 'FeatureCollection', features: [] as unknown[] };

/** GET /datasets/outlinegeojson/{id}: the study-area outline and the regions (GeoJSON) of a dataset the user may read. */
export async function outlineGeoJson(id: number, user: User | undefined) {
  const d = await datasetFor(id, user);
  const regions = await DatasetRegion.query().where('datasetId', d.id).orderBy([{ column: 'sortOrder' }, { column: 'id' }]);
  return {
    outline: d.outline ?? EMPTY,
    regions: {
      type: 'FeatureCollection',
      features: regions.map((r) => ({ type: 'Feature', id: r.id, properties: { id: r.id, name: r.name, endingSubbasins: r.endingSubbasinNames }, geometry: r.geometry })),
    },
    bounds: { minLat: d.minLat, maxLat: d.maxLat, minLon: d.minLon, maxLon: d.maxLon },
  };
}

type SiteOut = { number: string; name: string; isUsgsSite: boolean; lat: number; lng: number; data: { name: string; value: string }[] };
const siteOut = (s: CalibrationSite): SiteOut => ({ number: s.number, name: s.name, isUsgsSite: s.isUsgsSite, lat: s.lat, lng: s.lon, data: s.data });

/** GET /maps/calibrated-watersheds: the calibrated watersheds (of datasets the user may read)
 * grouped for the selector, and the gauge locations with the calibrations at each. */
export async function calibratedWatersheds(user: User | undefined) {
  const groups = await CalibrationGroup.query().orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  const cals = await Calibration.query().orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  const datasets = new Map<number, Dataset | undefined>();
  for (const c of cals) if (!datasets.has(c.datasetId)) datasets.set(c.datasetId, await readableDataset(c.datasetId, user));
  const visible = cals.filter((c) => datasets.get(c.datasetId));
  const sites = visible.length ? await CalibrationSite.query().whereIn('calibrationId', visible.map((c) => c.id)).orderBy('id') : [];
  const outGroups = groups
    .map((g) => ({
      id: g.id,
      label: g.name,
      options: visible
        .filter((c) => c.groupId === g.id)
        .map((c) => ({ value: c.id, text: c.name, datasetID: c.datasetId, dataset: datasets.get(c.datasetId)!.name, endingSubbasinID: c.endingSubbasinId })),
    }))
    .filter((g) => g.options.length);
  const points = new Map<string, SiteOut & { calibrations: { id: number; name: string; datasetID: number }[] }>();
  for (const s of sites) {
    const c = visible.find((x) => x.id === s.calibrationId)!;
    const key = `${s.number}|${s.lat}|${s.lon}`;
    let p = points.get(key);
    if (!p) points.set(key, (p = { ...siteOut(s), calibrations: [] }));
    p.calibrations.push({ id: c.id, name: c.name, datasetID: c.datasetId });
  }
  return { groups: outGroups, locationPoints: [...points.values()] };
}

/** One calibrated watershed (spec 1 §3 Calibration) when the user may read its dataset. */
export async function calibrationDetail(id: number, user: User | undefined) {
  const c = await Calibration.query().findById(id);
  if (!c) return undefined;
  const d = await readableDataset(c.datasetId, user);
  if (!d) return undefined;
  const sites = await CalibrationSite.query().where('calibrationId', c.id).orderBy('id');
  return {
    calibration: c,
    watershed: {
      id: c.id,
      name: c.name,
      description: c.description,
      datasets: [{ value: d.id, text: d.name }],
      locationSites: sites.map(siteOut),
    },
  };
}

/** Decodes a weather station's series (Float32 little-endian): one array, or tmax and tmin. */
export function decodeSeries(s: Pick<WeatherStation, 'series' | 'numDays' | 'variable'>): Float32Array[] {
  // pg hands bytea over as a Buffer, PGlite as a Uint8Array: read both through a DataView
  const buf = s.series as Uint8Array;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const all = new Float32Array(buf.byteLength / 4);
  for (let i = 0; i < all.length; i++) all[i] = view.getFloat32(i * 4, true);
  if (s.variable === 'tmp') return [all.subarray(0, s.numDays), all.subarray(s.numDays, 2 * s.numDays)];
  return [all];
}
