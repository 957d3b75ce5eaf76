// HRU setting (spec 1 §4, §5, §9): reduce a watershed's HRUs by one of three methods, keep
// exempt land uses and one HRU per subbasin, and give the removed area back to the HRUs that
// remain in the same subbasin, proportionally to their areas. Pure and allocation-light: the
// work is a few passes over typed arrays plus one sort, so 150,000 HRUs take milliseconds.

export type HruMethod = 'target' | 'area' | 'percent';
/** Units of the area threshold: square kilometres, or percent of the subbasin's area. */
export type HruUnits = 'km2' | 'percent';

export type HruInput = {
  id: number;
  /** The subbasin the HRU belongs to (any stable key: id or name). */
  subbasin: number | string;
  landuse: string;
  soil: string;
  slopeClass: string;
  /** Area in km². */
  area: number;
  /** The HRU's fraction of its subbasin as the dataset gives it (HRU_FR): kept as it is in a
   * subbasin that loses no HRU, so an unreduced project writes its dataset's HRU_FR exactly
   * (area / subbasin area differs in the last digits and, through SWAT's outputs, in the last
   * printed digit). */
  fraction?: number;
};

export type HruSettings = {
  method: HruMethod;
  /** target: the number of HRUs to keep. area: the area threshold (see units). */
  targetThreshold?: number;
  /** percent: land uses under this percent of their subbasin are removed. */
  landuseThreshold?: number;
  /** percent: soils under this percent of their land use (in the subbasin) are removed. */
  soilThreshold?: number;
  /** percent: slope classes under this percent of their land use and soil are removed. */
  slopeThreshold?: number;
  units?: HruUnits;
  /** Land-use codes never removed (water and wetlands by default). */
  exemptLanduse?: readonly string[];
  /** Land-use codes that never receive removed area. */
  noAreaRedistribution?: readonly string[];
};

export type GroupArea = { name: string; area: number };
export type HruGroups = { landuse: GroupArea[]; soil: GroupArea[]; slope: GroupArea[] };

export type HruResult = {
  /** Per input HRU (same order): kept or removed. */
  kept: Uint8Array;
  /** Per input HRU (same order): the new area in km² (0 when removed). */
  area: Float64Array;
  /** Per input HRU (same order): the new fraction of its subbasin (0 when removed). */
  fraction: Float64Array;
  numOriginalHrus: number;
  numHrus: number;
  numSubbasins: number;
  /** The fewest HRUs any setting can leave (exempt HRUs plus one per subbasin). */
  minimumHrus: number;
  /** Area (km²) of the removed HRUs, which was redistributed within their subbasins. */
  removedArea: number;
  /** Areas per land use, soil and slope class before and after. */
  originalGroups: HruGroups;
  trimmedGroups: HruGroups;
};

export class HruSettingsError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export const DEFAULT_EXEMPT_LANDUSE: readonly string[] = ['WATR', 'WETF', 'WETL', 'WETN', 'WEHB', 'WEWO'];
export const THRESHOLD_MESSAGE = 'You must enter a threshold greater than 0.';

/** The default target: 75 percent of the original count, rounded up (spec 1 §9). */
export function defaultTargetHrus(originalCount: number, numSubbasins = 0): number {
  return Math.max(numSubbasins, Math.ceil(originalCount * 0.75));
}

/** Whether a land-use code is water or a wetland (exempt by default). */
export function isWaterOrWetland(code: string): boolean {
  const c = code.toUpperCase();
  return c === 'WATR' || c.startsWith('WET');
}

function groupsOf(hrus: readonly HruInput[], area: ArrayLike<number>, kept?: Uint8Array): HruGroups {
  const maps = { landuse: new Map<string, number>(), soil: new Map<string, number>(), slope: new Map<string, number>() };
  for (let i = 0; i < hrus.length; i++) {
    if (kept && !kept[i]) continue;
    const h = hrus[i]!;
    const a = area[i]!;
    maps.landuse.set(h.landuse, (maps.landuse.get(h.landuse) ?? 0) + a);
    maps.soil.set(h.soil, (maps.soil.get(h.soil) ?? 0) + a);
    maps.slope.set(h.slopeClass, (maps.slope.get(h.slopeClass) ?? 0) + a);
  }
  const list = (m: Map<string, number>) => [...m].map(([name, a]) => ({ name, area: a })).sort((x, y) => y.area - x.area || x.name.localeCompare(y.name));
  return { landuse: list(maps.landuse), soil: list(maps.soil), slope: list(maps.slope) };
}

function positive(value: number | undefined, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new HruSettingsError(field, THRESHOLD_MESSAGE);
  return value;
}

/**
 * Sets the HRUs of a watershed. Rules:
 * - exempt land uses are never removed;
 * - every subbasin keeps one non-exempt HRU (its anchor): its largest HRU outside the
 *   no-redistribution land uses, else its largest; so the fewest possible HRUs is the exempt
 *   HRUs plus one per subbasin that has non-exempt HRUs (`minimumHrus`);
 * - removed area goes to the subbasin's remaining HRUs outside the no-redistribution land
 *   uses, proportionally to their areas (to all remaining HRUs when none qualifies), so each
 *   subbasin's area is conserved.
 * Methods: `target` removes the smallest removable HRUs until targetThreshold remain (exact
 * when feasible, else the minimum); `area` removes removable HRUs under the threshold (km², or
 * percent of the subbasin); `percent` removes land uses under landuseThreshold percent of the
 * subbasin, then soils under soilThreshold percent of their land use, then slope classes under
 * slopeThreshold percent of their land use and soil (SWAT's multiple-HRU definition).
 */
export function setHrus(hrus: readonly HruInput[], settings: HruSettings): HruResult {
  const n = hrus.length;
  const exempt = new Set((settings.exemptLanduse ?? DEFAULT_EXEMPT_LANDUSE).map((c) => c.toUpperCase()));
  const noRedistribution = new Set((settings.noAreaRedistribution ?? []).map((c) => c.toUpperCase()));

  // Subbasin index per HRU and subbasin areas.
  const subIndex = new Int32Array(n);
  const subKeys = new Map<number | string, number>();
  for (let i = 0; i < n; i++) {
    const key = hrus[i]!.subbasin;
    let s = subKeys.get(key);
    if (s === undefined) subKeys.set(key, (s = subKeys.size));
    subIndex[i] = s;
  }
  const numSubs = subKeys.size;
  const subArea = new Float64Array(numSubs);
  const isExempt = new Uint8Array(n);
  const receives = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const h = hrus[i]!;
    subArea[subIndex[i]!] += h.area;
    const lu = h.landuse.toUpperCase();
    if (exempt.has(lu)) isExempt[i] = 1;
    if (!noRedistribution.has(lu)) receives[i] = 1;
  }

  // Anchors: the HRU each subbasin always keeps — its largest non-exempt HRU that can take
  // removed area (else its largest non-exempt HRU). A subbasin of exempt HRUs only needs none.
  const bestReceiver = new Int32Array(numSubs).fill(-1);
  const bestAny = new Int32Array(numSubs).fill(-1);
  for (let i = 0; i < n; i++) {
    if (isExempt[i]) continue;
    const s = subIndex[i]!;
    const a = hrus[i]!.area;
    if (receives[i] && (bestReceiver[s] === -1 || a > hrus[bestReceiver[s]!]!.area)) bestReceiver[s] = i;
    if (bestAny[s] === -1 || a > hrus[bestAny[s]!]!.area) bestAny[s] = i;
  }
  const isProtected = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (isExempt[i]) isProtected[i] = 1;
  for (let s = 0; s < numSubs; s++) {
    const anchor = bestReceiver[s] !== -1 ? bestReceiver[s]! : bestAny[s]!;
    if (anchor !== -1) isProtected[anchor] = 1;
  }
  let minimumHrus = 0;
  for (let i = 0; i < n; i++) minimumHrus += isProtected[i]!;

  const kept = new Uint8Array(n).fill(1);
  const remove = (i: number) => {
    if (!isProtected[i]) kept[i] = 0;
  };

  if (settings.method === 'target') {
    const target = positive(settings.targetThreshold, 'targetThreshold');
    if (!Number.isInteger(target)) throw new HruSettingsError('targetThreshold', 'The target number of HRUs must be a whole number.');
    if (target > n || target < Math.min(numSubs, n)) throw new HruSettingsError('targetThreshold', `The target number of HRUs must be between ${numSubs} and ${n}.`);
    const candidates: number[] = [];
    for (let i = 0; i < n; i++) if (!isProtected[i]) candidates.push(i);
    candidates.sort((a, b) => hrus[a]!.area - hrus[b]!.area || a - b);
    const toRemove = Math.min(candidates.length, Math.max(0, n - target));
    for (let k = 0; k < toRemove; k++) kept[candidates[k]!] = 0;
  } else if (settings.method === 'area') {
    const threshold = positive(settings.targetThreshold, 'targetThreshold');
    const percent = settings.units === 'percent';
    if (percent && threshold > 100) throw new HruSettingsError('targetThreshold', 'The threshold must be between 0 and 100 percent.');
    for (let i = 0; i < n; i++) {
      const limit = percent ? (threshold / 100) * subArea[subIndex[i]!]! : threshold;
      if (hrus[i]!.area < limit) remove(i);
    }
  } else if (settings.method === 'percent') {
    const luT = positive(settings.landuseThreshold, 'landuseThreshold');
    const soilT = positive(settings.soilThreshold, 'soilThreshold');
    const slopeT = positive(settings.slopeThreshold, 'slopeThreshold');
    for (const [field, v] of [['landuseThreshold', luT], ['soilThreshold', soilT], ['slopeThreshold', slopeT]] as const) {
      if (v > 100) throw new HruSettingsError(field, 'The threshold must be between 0 and 100 percent.');
    }
    // Integer codes for land use, soil and slope class; group keys are numbers, not strings.
    const code = (values: (h: HruInput) => string) => {
      const ids = new Map<string, number>();
      const out = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const v = values(hrus[i]!);
        let c = ids.get(v);
        if (c === undefined) ids.set(v, (c = ids.size));
        out[i] = c;
      }
      return { out, count: ids.size };
    };
    const lu = code((h) => h.landuse);
    const so = code((h) => h.soil);
    const sl = code((h) => h.slopeClass);
    const luKey = new Float64Array(n);
    const soilKey = new Float64Array(n);
    const slopeKey = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      luKey[i] = subIndex[i]! * lu.count + lu.out[i]!;
      soilKey[i] = luKey[i]! * so.count + so.out[i]!;
      slopeKey[i] = soilKey[i]! * sl.count + sl.out[i]!;
    }
    const sumBy = (keys: Float64Array) => {
      const m = new Map<number, number>();
      for (let i = 0; i < n; i++) if (kept[i]) m.set(keys[i]!, (m.get(keys[i]!) ?? 0) + hrus[i]!.area);
      return m;
    };
    // 1. land uses under the threshold of their subbasin.
    const luArea = sumBy(luKey);
    for (let i = 0; i < n; i++) if ((luArea.get(luKey[i]!)! / subArea[subIndex[i]!]!) * 100 < luT) remove(i);
    // 2. soils under the threshold of their (remaining) land use.
    const luArea2 = sumBy(luKey);
    const soilArea = sumBy(soilKey);
    for (let i = 0; i < n; i++) if (kept[i] && (soilArea.get(soilKey[i]!)! / luArea2.get(luKey[i]!)!) * 100 < soilT) remove(i);
    // 3. slope classes under the threshold of their (remaining) land use and soil.
    const soilArea2 = sumBy(soilKey);
    const slopeArea = sumBy(slopeKey);
    for (let i = 0; i < n; i++) if (kept[i] && (slopeArea.get(slopeKey[i]!)! / soilArea2.get(soilKey[i]!)!) * 100 < slopeT) remove(i);
  } else {
    throw new HruSettingsError('method', 'Choose a method: target, area or percent.');
  }

  // Redistribute removed area within each subbasin.
  const removed = new Float64Array(numSubs);
  const receiverArea = new Float64Array(numSubs);
  const keptArea = new Float64Array(numSubs);
  const largestReceiver = new Int32Array(numSubs).fill(-1);
  const largestKept = new Int32Array(numSubs).fill(-1);
  let removedArea = 0;
  for (let i = 0; i < n; i++) {
    const s = subIndex[i]!;
    const a = hrus[i]!.area;
    if (!kept[i]) {
      removed[s] += a;
      removedArea += a;
      continue;
    }
    keptArea[s] += a;
    if (largestKept[s] === -1 || a > hrus[largestKept[s]!]!.area) largestKept[s] = i;
    if (receives[i]) {
      receiverArea[s] += a;
      if (largestReceiver[s] === -1 || a > hrus[largestReceiver[s]!]!.area) largestReceiver[s] = i;
    }
  }
  const area = new Float64Array(n);
  const useAll = new Uint8Array(numSubs);
  for (let s = 0; s < numSubs; s++) if (!(receiverArea[s]! > 0)) useAll[s] = 1;
  for (let i = 0; i < n; i++) {
    if (!kept[i]) continue;
    const s = subIndex[i]!;
    const a = hrus[i]!.area;
    if (removed[s] === 0) area[i] = a;
    else if (useAll[s]) area[i] = keptArea[s]! > 0 ? a + (removed[s]! * a) / keptArea[s]! : a;
    else area[i] = receives[i] ? a + (removed[s]! * a) / receiverArea[s]! : a;
  }
  // Rounding: the largest receiving HRU takes the residual, so each subbasin sums exactly.
  const sum = new Float64Array(numSubs);
  for (let i = 0; i < n; i++) if (kept[i]) sum[subIndex[i]!] += area[i]!;
  for (let s = 0; s < numSubs; s++) {
    if (removed[s] === 0) continue;
    const j = useAll[s] ? largestKept[s]! : largestReceiver[s]!;
    if (j >= 0) area[j] += subArea[s]! - sum[s]!;
  }
  const fraction = new Float64Array(n);
  let numHrus = 0;
  for (let i = 0; i < n; i++) {
    if (!kept[i]) continue;
    numHrus++;
    const s = subIndex[i]!;
    const sa = subArea[s]!;
    const given = hrus[i]!.fraction;
    fraction[i] = removed[s] === 0 && given !== undefined ? given : sa > 0 ? area[i]! / sa : 0;
  }

  const original = new Float64Array(n);
  for (let i = 0; i < n; i++) original[i] = hrus[i]!.area;
  return {
    kept,
    area,
    fraction,
    numOriginalHrus: n,
    numHrus,
    numSubbasins: numSubs,
    minimumHrus,
    removedArea,
    originalGroups: groupsOf(hrus, original),
    trimmedGroups: groupsOf(hrus, area, kept),
  };
}
