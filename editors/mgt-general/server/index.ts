// The server half of general management (Mgt1): the page's call for one HRU (spec 2 §7
// `GET scenarios/mgt/general/{scenarioID}/{subbasinName}/{landuse}/{soil}/{slope}`: the form with
// item, defaults and lists), the schema every saved change is checked against, and `apply`, which
// writes the changes into the general section of the .mgt files of the HRUs they select, oldest
// first, at run time.
import { changeSelectsHru, defineEditorServer, hruOfKey, idParam, type ApplyContext, type DatasetInputs } from '@headwater/plugin-sdk/server';
import type { Mgt } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { describeMgt1, schema, type Mgt1Change } from '../src/schema.ts';

/** SWAT holds curve numbers to 35–98 (readmgt.f, curno.f). */
const CN_MIN = 35;
const CN_MAX = 98;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The general-section values of a .mgt the form edits. */
export const GENERAL_FIELDS = ['IGRO', 'PLANT_ID', 'LAI_INIT', 'BIO_INIT', 'PHU_PLT', 'BIOMIX', 'CN2', 'USLE_P', 'BIO_MIN', 'FILTERW', 'IURBAN', 'URBLU', 'IRRSC', 'IRRNO', 'FLOWMIN', 'DIVMAX', 'FLOWFR', 'DDRAIN', 'TDRAIN', 'GDRAIN'] as const;

/** Writes one saved change into a .mgt (in place). */
export function applyToMgt(mgt: Mgt, change: Mgt1Change): void {
  const m = mgt as unknown as Record<string, number>;
  for (const [k, v] of Object.entries(change)) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    if (k === 'CurveNumberEditMethod' || k === 'CN2Adjust' || k === 'CN2') continue;
    if ((GENERAL_FIELDS as readonly string[]).includes(k)) m[k] = v;
  }
  // a crop growing at the start, or none (then no initial plant values)
  if (typeof change.PLANT_ID === 'number') {
    m.IGRO = change.PLANT_ID > 0 ? 1 : 0;
    if (change.PLANT_ID === 0) m.LAI_INIT = m.BIO_INIT = m.PHU_PLT = 0;
  }
  if (typeof change.URBLU === 'number' && change.URBLU === 0) m.IURBAN = 0;
  if (typeof change.IRRSC === 'number' && (change.IRRSC === 0 || change.IRRSC === 5)) {
    m.IRRNO = 0;
    m.FLOWMIN = m.DIVMAX = m.FLOWFR = 0;
  }
  // the curve number: a value, or the HRU's own adjusted by a percentage, within SWAT's range
  if (change.CurveNumberEditMethod === 2 && typeof change.CN2Adjust === 'number') m.CN2 = Math.min(CN_MAX, Math.max(CN_MIN, round2(m.CN2 * (1 + change.CN2Adjust / 100))));
  else if (typeof change.CN2 === 'number') m.CN2 = Math.min(CN_MAX, Math.max(CN_MIN, change.CN2));
}

/** Writes one saved change into an HRU: its .mgt, and the impervious layer of its .hru. */
export function applyToHru(hru: { mgt?: Mgt; hru?: { DEP_IMP?: number } }, change: Mgt1Change): void {
  if (hru.mgt) applyToMgt(hru.mgt, change);
  if (hru.hru && typeof change.DEP_IMP === 'number' && Number.isFinite(change.DEP_IMP)) hru.hru.DEP_IMP = change.DEP_IMP;
}

export function applyMgt1({ changes, hrusOf }: ApplyContext<Mgt1Change>): void {
  for (const change of changes) for (const { hru } of hrusOf(change)) applyToHru(hru as never, change.modificationObject);
}

type Option = { value: number; text: string; cn2?: number };

/** The lists of the form (spec 2 §3: plantList, urbanList, irrscList, iurbanList, cnEditOptions). */
export function formLists(inputs: Pick<DatasetInputs, 'databases'>) {
  const plants = (inputs.databases.plant ?? []) as { ICNUM: number; CPNM: string }[];
  const urbans = (inputs.databases.urban ?? []) as { IUNUM: number; URBNAME: string; URBFLNM?: string; URBCN2?: number }[];
  return {
    plantList: [{ value: 0, text: 'No crop growing' }, ...plants.map((p): Option => ({ value: p.ICNUM, text: `${p.CPNM.trim()} (${p.ICNUM})` }))],
    urbanList: [{ value: 0, text: 'Not urban' }, ...urbans.map((u): Option => ({ value: u.IUNUM, text: `${u.URBNAME.trim()}${u.URBFLNM ? ` - ${u.URBFLNM.trim()}` : ''} (${u.IUNUM})`, ...(typeof u.URBCN2 === 'number' ? { cn2: u.URBCN2 } : {}) }))],
    irrscList: [
      { value: 0, text: '0 - No irrigation source' },
      { value: 1, text: '1 - Reach' },
      { value: 2, text: '2 - Reservoir' },
      { value: 3, text: '3 - Shallow aquifer' },
      { value: 4, text: '4 - Deep aquifer' },
      { value: 5, text: '5 - Source outside the watershed' },
    ],
    iurbanList: [
      { value: 1, text: '1 - USGS regression equations' },
      { value: 2, text: '2 - Build up / wash off' },
    ],
    cnEditOptions: [
      { value: 1, text: 'Set value' },
      { value: 2, text: 'Percent adjust' },
    ],
  };
}

/** The form's values of a .mgt (and the .hru's DEP_IMP). */
export function generalValues(mgt: Mgt, hru?: { DEP_IMP?: unknown }): Mgt1Change {
  const m = mgt as unknown as Record<string, unknown>;
  const out: Record<string, number> = { CurveNumberEditMethod: 1 };
  for (const k of GENERAL_FIELDS) out[k] = Number(m[k] ?? 0) || 0;
  out.DEP_IMP = Number(hru?.DEP_IMP ?? 0) || 0;
  // no urban method without an urban land type (the form asks for one when URBLU is set)
  if (!(out.URBLU! > 0) || !(out.IURBAN === 1 || out.IURBAN === 2)) delete out.IURBAN;
  return out as Mgt1Change;
}

export default defineEditorServer(pkg, {
  schema,
  describe: describeMgt1,
  apply: applyMgt1,
  routes: [
    {
      // Spec 2 §7: one HRU's general management — the values in effect (the dataset's with this
      // scenario's saved changes that cover the HRU, oldest first, as a run writes them), the
      // dataset's defaults, the lists, and what the page shows beside the form.
      method: 'GET',
      path: '/scenarios/mgt/general/:scenarioID/:subbasinName/:landuse/:soil/:slope',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const hru = await hruOfKey(platform, id, params);
        const [inputs] = await platform.scenarios.hruInputs(id, [hru.id]);
        const datasetMgt = inputs?.mgt as Mgt | undefined;
        if (!datasetMgt) throw new Error(`The dataset has no management (.mgt) for HRU ${hru.id}.`);
        const mods = (await platform.scenarios.getMods(id, pkg.headwater.modTable)).filter((m) => changeSelectsHru(m, hru));
        const datasetHru = (inputs?.hru ?? {}) as { DEP_IMP?: number };
        const effective = { mgt: structuredClone(datasetMgt), hru: { ...datasetHru } };
        for (const m of mods) applyToHru(effective, m.modificationObject as Mgt1Change);
        const lists = formLists(await platform.scenarios.datasetInputs(id));
        return {
          item: generalValues(effective.mgt, effective.hru),
          defaults: generalValues(datasetMgt, datasetHru),
          hru: { id: hru.id, number: hru.number, subbasin: hru.subbasin, subbasinId: hru.subbasinId, landuse: hru.landuse, soil: hru.soil, slope: hru.slopeClass, area: hru.area, fraction: hru.fraction },
          // read-only facts of the HRU (spec 2 §3: NROT, HUSC, HYD_GRP)
          info: {
            NROT: Number((effective.mgt as unknown as Record<string, unknown>).NROT ?? 0),
            HUSC: effective.mgt.operations.some((o) => o.op !== 17 && o.op !== 0) && effective.mgt.operations.filter((o) => o.op !== 17 && o.op !== 0).every((o) => !o.month) ? 1 : 0,
            HYD_GRP: inputs?.hydGrp ?? '',
          },
          changes: { hasChanges: mods.length > 0, ids: mods.map((m) => m.id) },
          ...lists,
        };
      },
    },
  ],
});
