// The server half of operations management (Mgt2): the lists (spec 2 §7 `GET
// scenarios/mgt/operationslists/{scenarioID}`), one HRU's schedule (`GET
// scenarios/mgt/operations/{scenarioID}/{subbasinName}/{landuse}/{soil}/{slope}`), the CSV import
// (`POST scenarios/mgt/operationsupload`, a .csv file, bad rows named by line and column) and export
// (`GET exports/mgtoperations/{scenarioID}/{subbasin}/{landuse}/{soil}/{slope}`), the schema every
// saved change is checked against, and `apply`, which writes the schedule of a change into the
// .mgt files of the HRUs it selects (the latest change covering an HRU wins) at run time.
import {
  changeSelectsHru,
  defineEditorServer,
  FileResponse,
  hruOfKey,
  idParam,
  InputError,
  readCsvTable,
  toCsv,
  UPLOAD_MESSAGES,
  uploadedFile,
  type ApplyContext,
  type CsvColumn,
  type DatasetInputs,
  type PlatformServices,
} from '@headwater/plugin-sdk/server';
import type { Mgt, MgtOperation } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { COMMON_FIELDS, OPERATION_BY_CODE, OPERATION_FIELDS, OPERATIONS, fieldsOf, mgtOfRows, rowsOfMgt, scheduledByHeatUnits, type ListName, type MgtOp, type OperationRow } from '../src/operations.ts';
import { describeMgt2, MAX_OPERATIONS, schema, type Mgt2Change } from '../src/schema.ts';

/** Writes a schedule into a .mgt (in place): its operation lines and NROT. */
export function applyToMgt(mgt: Mgt, change: Mgt2Change): void {
  const rows = Array.isArray(change.operations) ? change.operations : [];
  const { operations, nrot } = mgtOfRows(rows);
  mgt.operations = operations as unknown as MgtOperation[];
  mgt.NROT = nrot;
}

export function applyMgt2({ changes, hrusOf }: ApplyContext<Mgt2Change>): void {
  for (const change of changes) for (const { hru } of hrusOf(change)) if (hru.mgt) applyToMgt(hru.mgt, change.modificationObject);
}

type Option = { value: number | string; text: string };

/** The lists of the page (spec 2 §3 'Operations lists'). */
export function operationLists(inputs: Pick<DatasetInputs, 'databases'>): Record<ListName | 'opList' | 'scheduleOptions', Option[]> {
  const db = inputs.databases as Record<string, Record<string, unknown>[] | undefined>;
  const named = (rows: Record<string, unknown>[] | undefined, id: string, name: string) => (rows ?? []).map((r) => ({ value: Number(r[id]), text: `${String(r[name] ?? '').trim()} (${Number(r[id])})` }));
  const ferts = named(db.fert, 'IFNUM', 'FERTNM');
  return {
    plantList: named(db.plant, 'ICNUM', 'CPNM'),
    fertList: ferts,
    manureList: ferts,
    pestList: named(db.pest, 'IPNUM', 'PESTNM'),
    tillList: named(db.till, 'ITNUM', 'TILLNM'),
    irrscList: [
      { value: 0, text: '0 - Outside the watershed' },
      { value: 1, text: '1 - Reach' },
      { value: 2, text: '2 - Reservoir' },
      { value: 3, text: '3 - Shallow aquifer' },
      { value: 4, text: '4 - Deep aquifer' },
      { value: 5, text: '5 - Outside the watershed' },
    ],
    ihvGbmList: [
      { value: 0, text: '0 - Grain (yield)' },
      { value: 1, text: '1 - Biomass' },
    ],
    wstrsList: [
      { value: 0, text: '0 - Plant water demand' },
      { value: 1, text: '1 - Soil water deficit' },
    ],
    impTrigList: [
      { value: 0, text: '0 - Impound' },
      { value: 1, text: '1 - Release' },
    ],
    nstressList: [
      { value: 0, text: '0 - N target of the yield' },
      { value: 1, text: '1 - Heat units' },
    ],
    opList: OPERATIONS.map((o) => ({ value: o.code, text: `${o.code} - ${o.name}` })),
    scheduleOptions: [
      { value: 'heatUnits', text: 'Heat units' },
      { value: 'date', text: 'Date' },
    ],
  };
}

// ─── CSV ────────────────────────────────────────────────────────────────────────────────

/** The CSV columns: the common fields, then every operation's fields. */
export const CSV_HEADER = [...COMMON_FIELDS, ...OPERATION_FIELDS.map((d) => d.name)];

/** The CSV text of a schedule: each row fills its operation's fields only. */
export function operationsCsv(rows: readonly OperationRow[]): string {
  return toCsv(
    CSV_HEADER,
    rows.map((r) => {
      const own = new Set(fieldsOf(r.MGT_OP, true).map((d) => d.name));
      return CSV_HEADER.map((h) => ((COMMON_FIELDS as readonly string[]).includes(h) || own.has(h) ? (r[h] ?? 0) : ''));
    }),
  );
}

const CSV_COLUMNS: CsvColumn[] = [
  { name: 'YEAR', type: 'integer', minimum: 1, maximum: 100 },
  { name: 'MONTH', type: 'integer', minimum: 0, maximum: 12, required: false },
  { name: 'DAY', type: 'integer', minimum: 0, maximum: 31, required: false },
  { name: 'HUSC', type: 'number', minimum: 0, maximum: 10, required: false },
  { name: 'OP_NUM', type: 'integer', minimum: 1, maximum: 100000, required: false },
  { name: 'MGT_OP', type: 'integer', minimum: 1, maximum: 16 },
  ...OPERATION_FIELDS.map((d): CsvColumn => ({ name: d.name, type: d.type, minimum: d.minimum, maximum: d.maximum, required: false, ...(d.name === 'HEATUNITS' ? { aliases: ['HEAT_UNITS'] } : d.name === 'TILLAGE_ID' ? { aliases: ['TILL_ID'] } : d.name === 'IPEST_FREQ' ? { aliases: ['IPST_FREQ'] } : {}) })),
];

/** The ids a list field may take (a scenario's dataset), to refuse an unknown fertilizer. */
type KnownIds = Partial<Record<ListName, Set<number>>>;

/** Reads an operations CSV: the rows, or every problem by line and column (InputError). */
export function readOperationsCsv(text: string, file: string, known: KnownIds = {}): OperationRow[] {
  const { rows, problems, bad } = readCsvTable(text, CSV_COLUMNS, { file, maxRows: MAX_OPERATIONS, strict: true });
  const out: OperationRow[] = [];
  const say = (line: number, column: string, message: string) => problems.push(UPLOAD_MESSAGES.csvLine(file, line, column, message));
  for (const { line, values } of rows) {
    const code = Number(values.MGT_OP);
    const def = OPERATION_BY_CODE.get(code);
    if (values.MGT_OP !== undefined && !def) {
      say(line, 'MGT_OP', `Unknown operation ${values.MGT_OP}`);
      continue;
    }
    if (!def || values.YEAR === undefined) continue;
    const row: OperationRow = { YEAR: Number(values.YEAR), MONTH: Number(values.MONTH ?? 0), DAY: Number(values.DAY ?? 0), HUSC: Number(values.HUSC ?? 0), OP_NUM: Number(values.OP_NUM ?? out.length + 1), MGT_OP: code };
    for (const d of def.fields) {
      const v = values[d.name];
      if (v === undefined) {
        if (d.hidden) row[d.name] = d.initial;
        else if (!bad.has(`${line}:${d.name}`)) say(line, d.name, 'Required');
        continue;
      }
      if (d.list && known[d.list] && !known[d.list]!.has(Number(v))) {
        say(line, d.name, `No such ${d.title.toLowerCase()} in this dataset: ${v}`);
        continue;
      }
      row[d.name] = Number(v);
    }
    out.push(row);
  }
  if (problems.length) throw new InputError({ file: problems });
  if (!out.length) throw new InputError({ file: [`${file}: no operations.`] });
  return out;
}

function knownIds(lists: ReturnType<typeof operationLists>): KnownIds {
  const ids = (l: Option[]) => new Set(l.map((o) => Number(o.value)));
  return { plantList: ids(lists.plantList), fertList: ids(lists.fertList), manureList: ids(lists.manureList), pestList: ids(lists.pestList), tillList: ids(lists.tillList) };
}

// ─── one HRU ────────────────────────────────────────────────────────────────────────────

/** One HRU's schedule: the dataset's, and the one in effect (the latest saved change covering it). */
async function hruSchedule(platform: PlatformServices, scenarioId: number, key: { subbasinName: string; landuse: string; soil: string; slope: string }) {
  const hru = await hruOfKey(platform, scenarioId, key);
  const [inputs] = await platform.scenarios.hruInputs(scenarioId, [hru.id]);
  const mgt = inputs?.mgt as Mgt | undefined;
  if (!mgt) throw new Error(`The dataset has no management (.mgt) for HRU ${hru.id}.`);
  const defaults = rowsOfMgt(mgt.operations as unknown as MgtOp[]);
  const mods = (await platform.scenarios.getMods(scenarioId, pkg.headwater.modTable)).filter((m) => changeSelectsHru(m, hru));
  const last = mods.at(-1)?.modificationObject as Mgt2Change | undefined;
  const operations = last?.operations ?? defaults;
  return {
    hru,
    defaults: { scheduleByHeatUnits: scheduledByHeatUnits(defaults), operations: defaults },
    item: { scheduleByHeatUnits: last?.scheduleByHeatUnits ?? scheduledByHeatUnits(operations), operations },
    changes: { hasChanges: mods.length > 0, ids: mods.map((m) => m.id) },
  };
}

const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '_');

export default defineEditorServer(pkg, {
  schema,
  describe: describeMgt2,
  apply: applyMgt2,
  routes: [
    {
      // Spec 2 §7: the saved changes and the lists of the page
      method: 'GET',
      path: '/scenarios/mgt/operationslists/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        return { mods: await platform.scenarios.getMods(id, pkg.headwater.modTable), ...operationLists(await platform.scenarios.datasetInputs(id)) };
      },
    },
    {
      // Spec 2 §7: one HRU's operations — in effect (`item`), the dataset's (`defaults`), the lists
      method: 'GET',
      path: '/scenarios/mgt/operations/:scenarioID/:subbasinName/:landuse/:soil/:slope',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const s = await hruSchedule(platform, id, params);
        const { hru } = s;
        return {
          item: s.item,
          defaults: s.defaults,
          hru: { id: hru.id, number: hru.number, subbasin: hru.subbasin, subbasinId: hru.subbasinId, landuse: hru.landuse, soil: hru.soil, slope: hru.slopeClass },
          changes: s.changes,
          ...operationLists(await platform.scenarios.datasetInputs(id)),
        };
      },
    },
    {
      // Spec 2 §7: a CSV of operations (.csv only, 5 minutes) → the operations, or every bad row
      // by line and column; nothing is saved (the page puts them in its table). With the form field
      // `scenarioID` the ids are checked against the scenario's dataset.
      method: 'POST',
      path: '/scenarios/mgt/operationsupload',
      access: 'user',
      upload: { maxBytes: 5 * 1024 * 1024, maxFiles: 1, timeoutMs: 300_000 },
      async handler(req) {
        const file = uploadedFile(req, { extensions: ['.csv'] });
        const body = (req.body ?? {}) as Record<string, string>;
        let known: KnownIds = {};
        if (body.scenarioID) known = knownIds(operationLists(await req.platform.scenarios.datasetInputs(idParam(body.scenarioID))));
        return readOperationsCsv(file.data.toString('utf8'), file.name, known);
      },
    },
    {
      // Spec 2 §7: the HRU's operations in effect as CSV (`?access_token`)
      method: 'GET',
      path: '/exports/mgtoperations/:scenarioID/:subbasin/:landuse/:soil/:slope',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const s = await hruSchedule(platform, id, { subbasinName: params.subbasin, landuse: params.landuse, soil: params.soil, slope: params.slope });
        return new FileResponse(operationsCsv(s.item.operations), { fileName: fileSafe(`operations-${params.subbasin}-${params.landuse}-${params.soil}-${params.slope}.csv`) });
      },
    },
  ],
});
