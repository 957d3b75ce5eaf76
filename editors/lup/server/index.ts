// The server half of land use update (Lup): the page's call (spec 2 §7 `GET
// scenarios/general/lup/{scenarioID}` → hasMods, userDataUrl, hrusCsvUrl, iclus), the zip upload
// (POST on the same path: .zip only, up to 25 files named yyyy-mm-dd.csv, each HRU's new fraction
// of its subbasin, the fractions of a subbasin adding to 1; every problem named by file and line;
// a refused upload changes nothing saved; a new upload replaces the previous one), the ICLUS option
// (`PUT scenarios/general/lupiclus/{scenarioID}` { value }), the downloads (the current data, the
// HRU CSV to start from), and `apply`: lup.dat and one HRU fraction file per date, which the engine
// (swat/src/engine/lup.ts) and SWAT2012 (readlup.f, resetlu.f) apply on their dates.
import {
  defineEditorServer,
  FileResponse,
  idParam,
  InputError,
  NotFoundError,
  packText,
  readCsvTable,
  readZip,
  toCsv,
  UPLOAD_MESSAGES,
  unpackText,
  uploadedFile,
  writeZip,
  type ApplyContext,
  type PlatformServices,
  type ProjectHru,
} from '@headwater/plugin-sdk/server';
import pkg from '../package.json' with { type: 'json' };
import { COLUMNS, dateOfName, FRACTION_TOLERANCE, MAX_FILES, MAX_ZIP_BYTES } from '../src/formats.ts';
import { describeLup, schema, type LupChange, type LupPage } from '../src/schema.ts';

const modTable = pkg.headwater.modTable;

/** An HRU by its subbasin name, land use, soil and slope class. */
const keyOf = (subbasin: string | number, landuse: string, soil: string, slope: string) => `${subbasin}|${landuse}|${soil}|${slope}`;

/** One dated update: each listed HRU's new fraction; the subbasins it changes. */
export type LupUpdate = { date: string; file: string; fractions: Map<string, number>; subbasins: Set<string> };

/** Reads one land use update file. `hrus` are the project's HRU keys (subbasin name, land use,
 * soil, slope class); problems are pushed worded with the file and line. */
export function readLupFile(name: string, text: string, hrus: Set<string>, problems: string[]): LupUpdate | undefined {
  const date = dateOfName(name);
  if (!date) {
    problems.push(UPLOAD_MESSAGES.unexpected(name, 'yyyy-mm-dd.csv, a real date'));
    return undefined;
  }
  const { rows, problems: p, bad } = readCsvTable(
    text,
    [
      { name: 'HRU_ID', type: 'string', required: false },
      { name: 'SUBBASIN', type: 'string' },
      { name: 'LANDUSE', type: 'string' },
      { name: 'SOIL', type: 'string' },
      { name: 'SLOPE', type: 'string' },
      { name: 'AREA_KM2', type: 'string', required: false },
      { name: 'HRU_FR', type: 'number', minimum: 0, maximum: 1 },
    ],
    { file: name, maxRows: 200_000, strict: true },
  );
  problems.push(...p);
  const fractions = new Map<string, number>();
  const firstLine = new Map<string, number>();
  const sums = new Map<string, number>();
  const subbasins = new Set<string>();
  for (const { line, values } of rows) {
    if (COLUMNS.some((c) => bad.has(`${line}:${c}`))) continue;
    const [sub, lu, soil, slope] = (['SUBBASIN', 'LANDUSE', 'SOIL', 'SLOPE'] as const).map((c) => String(values[c] ?? ''));
    const key = keyOf(sub!, lu!, soil!, slope!);
    if (!hrus.has(key)) {
      problems.push(UPLOAD_MESSAGES.csvLine(name, line, undefined, `no HRU of this project is subbasin ${sub}, land use ${lu}, soil ${soil}, slope ${slope}`));
      continue;
    }
    if (fractions.has(key)) {
      problems.push(UPLOAD_MESSAGES.csvLine(name, line, undefined, `the HRU of subbasin ${sub}, ${lu}, ${soil}, ${slope} is listed twice`));
      continue;
    }
    const fr = Number(values.HRU_FR);
    fractions.set(key, fr);
    subbasins.add(sub!);
    if (!firstLine.has(sub!)) firstLine.set(sub!, line);
    sums.set(sub!, (sums.get(sub!) ?? 0) + fr);
  }
  for (const [sub, sum] of sums) {
    if (Math.abs(sum - 1) > FRACTION_TOLERANCE) problems.push(UPLOAD_MESSAGES.csvLine(name, firstLine.get(sub)!, 'HRU_FR', `the fractions of subbasin ${sub} add up to ${Math.round(sum * 10000) / 10000}, not 1`));
  }
  if (!p.length && rows.length === 0) problems.push(`${name}: the file lists no HRU.`);
  return { date, file: name, fractions, subbasins };
}

/** Reads the files of an upload (or of a saved change): the updates by date, or an InputError
 * naming every problem. */
export function readLupFiles(files: { name: string; text: string }[], hrus: Set<string>): LupUpdate[] {
  const problems: string[] = [];
  if (files.length > MAX_FILES) problems.push(UPLOAD_MESSAGES.tooManyEntries(MAX_FILES));
  const out: LupUpdate[] = [];
  const dates = new Map<string, string>();
  for (const f of files) {
    const u = readLupFile(f.name, f.text, hrus, problems);
    if (!u) continue;
    if (dates.has(u.date)) problems.push(`${f.name}: a second file for ${u.date} (${dates.get(u.date)})`);
    dates.set(u.date, f.name);
    out.push(u);
  }
  if (problems.length) throw new InputError({ file: problems });
  if (!out.length) throw new InputError({ file: [UPLOAD_MESSAGES.emptyZip] });
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

// ─── apply: lup.dat and the fraction files ──────────────────────────────────────────────

const pad5 = (n: number) => String(n).padStart(5);

export function applyLup({ project, changes, hrusOf }: ApplyContext<LupChange>): void {
  const change = changes.at(-1);
  const m = change?.modificationObject;
  if (!change || !m?.files?.length) return;
  const numbers = m.subbasinNumbers ?? {};
  const nameOf = new Map(Object.entries(numbers).map(([name, n]) => [n, name]));
  // every HRU of the written project, in its numbering (subbasin by subbasin)
  const all = hrusOf({ ...change, applyToAll: true });
  const keys = all.map((x) => keyOf(nameOf.get(x.subbasin.number) ?? String(x.subbasin.number), x.landuse, x.soil, x.slopeClass));
  const updates = readLupFiles(m.files.map((f) => ({ name: f.name, text: unpackText(f.gz) })), new Set(keys));
  let fr = all.map((x) => Number(x.hru.hru?.HRU_FR ?? 0));
  const lines: string[] = [];
  updates.forEach((u, i) => {
    // the subbasins a file lists take its fractions; their HRUs it does not list take 0
    fr = fr.map((f, k) => {
      const sub = nameOf.get(all[k]!.subbasin.number) ?? String(all[k]!.subbasin.number);
      if (!u.subbasins.has(sub)) return f;
      return u.fractions.get(keys[k]!) ?? 0;
    });
    const file = `lup${i + 1}.dat`;
    project.otherFiles[file] = [`Land use update ${u.date} (${u.file}): HRU HRU_FR`, ...fr.map((f, k) => `${k + 1} ${Math.round(f * 1e7) / 1e7}`)].join('\r\n') + '\r\n';
    const [y, mo, d] = u.date.split('-').map(Number) as [number, number, number];
    lines.push(`${pad5(i + 1)}${pad5(mo)}${pad5(d)}${pad5(y)} ${file}`);
  });
  project.otherFiles['lup.dat'] = lines.join('\r\n') + '\r\n';
}

// ─── the page's calls ───────────────────────────────────────────────────────────────────

function hruKeys(hrus: ProjectHru[]): Set<string> {
  return new Set(hrus.map((h) => keyOf(h.subbasin, h.landuse, h.soil, h.slopeClass)));
}

function subbasinNumbers(hrus: ProjectHru[]): Record<string, number> {
  return Object.fromEntries(hrus.map((h) => [h.subbasin, h.subbasinNumber]));
}

/** The HRU CSV to start from: every HRU of the project with its fraction. */
export function hrusCsv(hrus: ProjectHru[]): string {
  return toCsv([...COLUMNS], hrus.map((h) => [h.id, h.subbasin, h.landuse, h.soil, h.slopeClass, Math.round(h.area * 1e6) / 1e6, Math.round(h.fraction * 1e7) / 1e7]));
}

async function pageAnswer(platform: PlatformServices, id: number): Promise<LupPage> {
  const mods = await platform.scenarios.getMods(id, modTable);
  const last = mods.at(-1)?.modificationObject as LupChange | undefined;
  const inputs = await platform.scenarios.datasetInputs(id);
  const scenario = await platform.scenarios.get(id);
  return {
    hasMods: mods.length > 0,
    userDataUrl: last?.files?.length ? `/api/exports/lup/${id}` : null,
    hrusCsvUrl: `/api/exports/luphrus/${id}`,
    iclus: { isAvailable: (inputs.iclus?.length ?? 0) > 0, isUsing: last?.iclus === true },
    updates: last?.updates ?? [],
    period: { start: scenario.startingSimulationDate, end: scenario.endingSimulationDate },
  };
}

async function writable(platform: PlatformServices, id: number): Promise<void> {
  const s = await platform.scenarios.get(id);
  if (s.isRunning) throw new InputError('This scenario is running. Please wait for the run to finish or abort it.');
}

/** The saved change of some files. */
function changeOf(files: { name: string; text: string }[], updates: LupUpdate[], hrus: ProjectHru[], iclus: boolean): LupChange {
  return {
    files: files.map((f) => ({ name: f.name, gz: packText(f.text) })),
    updates: updates.map((u) => ({ date: u.date, subbasins: u.subbasins.size, hrus: u.fractions.size })),
    subbasinNumbers: subbasinNumbers(hrus),
    iclus,
  };
}

export default defineEditorServer(pkg, {
  schema,
  describe: describeLup,
  apply: applyLup,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/general/lup/:scenarioID',
      access: 'user',
      handler: async ({ params, platform }) => pageAnswer(platform, idParam(params.scenarioID)),
    },
    {
      // the zip of dated CSV files: checked whole, then it replaces the scenario's updates
      method: 'POST',
      path: '/scenarios/general/lup/:scenarioID',
      access: 'user',
      upload: { maxBytes: MAX_ZIP_BYTES, maxFiles: 1, timeoutMs: 300_000 },
      async handler(req) {
        const id = idParam(req.params.scenarioID);
        const { platform } = req;
        await writable(platform, id);
        const zip = uploadedFile(req, { extensions: ['.zip'] });
        const entries = readZip(zip.data, { maxEntries: MAX_FILES, maxTotalBytes: 100 * 1024 * 1024, accept: (name) => dateOfName(name) !== undefined, expected: 'yyyy-mm-dd.csv, a real date' });
        const hrus = await platform.scenarios.hrus(id);
        const files = entries.map((e) => ({ name: e.name, text: e.data.toString('utf8') }));
        const updates = readLupFiles(files, hruKeys(hrus));
        await platform.scenarios.replaceMods(id, modTable, { applyToAll: true, modificationObject: changeOf(files, updates, hrus, false) });
        return pageAnswer(platform, id);
      },
    },
    {
      // Spec 2 §7: use (or stop using) the dataset's ICLUS land use projections
      method: 'PUT',
      path: '/scenarios/general/lupiclus/:scenarioID',
      access: 'user',
      async handler({ params, body, platform }) {
        const id = idParam(params.scenarioID);
        await writable(platform, id);
        const value = (body as { value?: unknown } | undefined)?.value;
        if (typeof value !== 'boolean') throw new InputError({ value: ['Required'] });
        const iclus = (await platform.scenarios.datasetInputs(id)).iclus ?? [];
        const last = (await platform.scenarios.getMods(id, modTable)).at(-1)?.modificationObject as LupChange | undefined;
        if (value) {
          if (!iclus.length) throw new InputError({ value: ['This dataset has no ICLUS land use projections.'] });
          const hrus = await platform.scenarios.hrus(id);
          const files = iclus.map((x) => ({ name: `${x.date}.csv`, text: x.csv }));
          const updates = readLupFiles(files, hruKeys(hrus));
          await platform.scenarios.replaceMods(id, modTable, { applyToAll: true, modificationObject: changeOf(files, updates, hrus, true) });
        } else if (last?.iclus) await platform.scenarios.deleteModType(id, modTable);
        return pageAnswer(platform, id);
      },
    },
    {
      // the current data: the files in effect as a zip (`?access_token`)
      method: 'GET',
      path: '/exports/lup/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const last = (await platform.scenarios.getMods(id, modTable)).at(-1)?.modificationObject as LupChange | undefined;
        if (!last?.files?.length) throw new NotFoundError();
        return new FileResponse(writeZip(last.files.map((f) => ({ name: f.name, data: unpackText(f.gz) }))), { fileName: `landuse-updates-scenario-${id}.zip` });
      },
    },
    {
      // the HRU CSV to start from (`?access_token`)
      method: 'GET',
      path: '/exports/luphrus/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        return new FileResponse(hrusCsv(await platform.scenarios.hrus(id)), { fileName: `hrus-scenario-${id}.csv` });
      },
    },
  ],
});
