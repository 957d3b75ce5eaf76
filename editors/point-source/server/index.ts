// The server half of point sources (Ptsrc): the page's call (spec 2 §7 `GET
// scenarios/subbasin/pointsource/{scenarioID}` → hasMods, userDataUrl, sampleFiles), the zip upload
// on the same path (POST, .zip only, 5 minutes; the sample file names kept, one kind of record per
// subbasin; every problem named by file, line and column; a refused upload changes nothing saved),
// the sample files and the current data as downloads, and `apply`: each point source becomes a
// SWAT point source file and a fig.fig `reccnst`/`recday`/`recmon`/`recyear` command whose
// hydrograph is added to its subbasin's before the subbasin's reach routes it — so it flows
// through every reach downstream.
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
  type CsvColumn,
  type PlatformServices,
} from '@headwater/plugin-sdk/server';
import type { FigCommand, SwatProject } from '@headwater/swat/txtinout/types.ts';
import pkg from '../package.json' with { type: 'json' };
import { columnsOf, DATE_COLUMNS, FIG_COMMANDS, KINDS, kindOfName, LOADS, MAX_ROWS, MAX_ZIP_BYTES, SAMPLE_NAMES, type PointSourceKind } from '../src/formats.ts';
import { describePointSources, schema, type PointSourceChange } from '../src/schema.ts';

const modTable = pkg.headwater.modTable;

/** One subbasin's point source, read from a file: `rows` are [date columns..., 18 loads]. */
export type ParsedSource = { subbasin: string; number: number; kind: PointSourceKind; rows: number[][] };

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function csvColumns(kind: PointSourceKind): CsvColumn[] {
  const dates: CsvColumn[] = DATE_COLUMNS[kind].map((name) => ({
    name,
    type: 'integer',
    ...(name === 'YEAR' ? { minimum: 1800, maximum: 2300 } : name === 'MONTH' ? { minimum: 1, maximum: 12 } : { minimum: 1, maximum: 366 }),
  }));
  const loads = columnsOf(kind).slice(1 + dates.length).map((name, i): CsvColumn => ({ name, type: 'number', minimum: 0, required: i === 0 }));
  return [{ name: 'SUBBASIN', type: 'string' }, ...dates, ...loads];
}

/** Reads the files of an upload: every point source, or an InputError naming every problem. */
export function readPointSources(files: { name: string; text: string }[], subbasins: Map<string, number>): ParsedSource[] {
  const problems: string[] = [];
  const out = new Map<string, ParsedSource>();
  let total = 0;
  for (const f of files) {
    const kind = kindOfName(f.name);
    if (!kind) {
      problems.push(UPLOAD_MESSAGES.unexpected(f.name, Object.values(SAMPLE_NAMES).join(', ')));
      continue;
    }
    const { rows, problems: p, bad } = readCsvTable(f.text, csvColumns(kind), { file: f.name, maxRows: MAX_ROWS, strict: true });
    problems.push(...p);
    total += rows.length;
    const firstLine = new Map<string, number>();
    const seen = new Set<string>();
    const columns = csvColumns(kind).map((c) => c.name);
    for (const { line, values } of rows) {
      const name = String(values.SUBBASIN ?? '');
      // a row with a bad cell was named already
      if (!name || columns.some((c) => bad.has(`${line}:${c}`))) continue;
      const say = (column: string | undefined, message: string) => problems.push(UPLOAD_MESSAGES.csvLine(f.name, line, column, message));
      const number = subbasins.get(name);
      if (number === undefined) {
        say('SUBBASIN', `Subbasin ${name} is not a subbasin of this project`);
        continue;
      }
      const other = out.get(name);
      if (other && other.kind !== kind) {
        say('SUBBASIN', `Subbasin ${name} already has ${other.kind} records (${SAMPLE_NAMES[other.kind]}): one kind of record per subbasin`);
        continue;
      }
      if (kind === 'constant' && firstLine.has(name)) {
        say('SUBBASIN', `Subbasin ${name} is listed twice (line ${firstLine.get(name)}): a constant point source has one row`);
        continue;
      }
      if (!firstLine.has(name)) firstLine.set(name, line);
      const dates = DATE_COLUMNS[kind].map((c) => Number(values[c]));
      if (dates.some((d) => !Number.isFinite(d))) continue;
      if (kind === 'daily' && dates[1]! > (isLeap(dates[0]!) ? 366 : 365)) {
        say('DAY', `${dates[0]} has ${isLeap(dates[0]!) ? 366 : 365} days`);
        continue;
      }
      const key = `${name}|${dates.join('-')}`;
      if (seen.has(key)) {
        say(DATE_COLUMNS[kind].join(', '), 'This date is listed twice for the subbasin');
        continue;
      }
      seen.add(key);
      const loads = columnsOf(kind).slice(1 + dates.length).map((c) => Number(values[c] ?? 0));
      if (loads.some((v) => !Number.isFinite(v))) continue;
      const src = other ?? { subbasin: name, number, kind, rows: [] };
      src.rows.push([...dates, ...loads]);
      out.set(name, src);
    }
  }
  if (total > MAX_ROWS) problems.push(`The files hold more than ${MAX_ROWS} rows.`);
  if (!problems.length && out.size === 0) problems.push('The files list no point source.');
  if (problems.length) throw new InputError({ file: problems });
  return [...out.values()].sort((a, b) => a.number - b.number);
}

// ─── SWAT files and fig.fig ─────────────────────────────────────────────────────────────

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6));

/** A SWAT point source file of a source (six title lines, then the records SWAT reads): the
 * dated kinds cover every day, month or year SWAT may read (IYR to two years after the run's
 * last, as readmon.f/readyr.f read them), 0 where the upload gives none. */
export function swatPointSourceText(src: ParsedSource, period: { iyr: number; nbyr: number; idaf: number }): string {
  const zeros = LOADS.map(() => 0);
  const head = [
    ` Point source of subbasin ${src.number} (${src.subbasin}): ${src.kind} records`,
    ' Written by Headwater from the uploaded file',
    ` Units: flow m3/day, sediment t/day, loads kg/day${src.kind === 'monthly' || src.kind === 'yearly' ? ' (average daily load of the period)' : ''}`,
    ` ${LOADS.map((l) => l.key).join(' ')}`,
    '',
    '',
  ];
  const line = (dates: number[], loads: number[]) => [...dates.map(String), ...loads.map(fmt)].join(' ');
  const lines: string[] = [];
  if (src.kind === 'constant') lines.push(line([], src.rows[0]!.slice(0)));
  else {
    const by = new Map(src.rows.map((r) => [r.slice(0, DATE_COLUMNS[src.kind].length).join('-'), r.slice(DATE_COLUMNS[src.kind].length)]));
    const last = period.iyr + period.nbyr + 1;
    for (let y = period.iyr; y <= last; y++) {
      if (src.kind === 'yearly') lines.push(line([y], by.get(`${y}`) ?? zeros));
      else if (src.kind === 'monthly') for (let mo = 1; mo <= 12; mo++) lines.push(line([mo, y], by.get(`${y}-${mo}`) ?? zeros));
      else {
        const first = y === period.iyr ? Math.max(1, period.idaf) : 1;
        for (let d = first; d <= (isLeap(y) ? 366 : 365); d++) lines.push(line([d, y], by.get(`${y}-${d}`) ?? zeros));
      }
    }
  }
  return [...head, ...lines].join('\r\n') + '\r\n';
}

/** References a command makes to hydrographs (fig.fig): the fields holding hydrograph numbers. */
function inputs(c: FigCommand): ('inum1' | 'inum2' | 'ihout')[] {
  switch (c.icode) {
    case 5: // add
      return ['inum1', 'inum2'];
    case 2: // route
    case 3: // routres
    case 4: // transfer
      return ['inum2'];
    case 12: // structure
      return ['inum1'];
    case 9: // save
    case 14: // saveconc
      return ['ihout'];
    default:
      return [];
  }
}

/** Adds a point source to fig.fig: its record command right after the subbasin's own command, its
 * hydrograph added to the subbasin's, and every later command that took the subbasin's hydrograph
 * takes the sum. */
export function addPointSourceToFig(fig: SwatProject['fig'], subbasin: number, kind: PointSourceKind, fileNumber: number, fileName: string): void {
  const cmds = fig.commands;
  const at = cmds.findIndex((c) => c.icode === 1 && c.inum1 === subbasin);
  if (at < 0) throw new Error(`fig.fig has no subbasin command for subbasin ${subbasin}`);
  const own = cmds[at]!.ihout;
  let next = Math.max(0, ...cmds.map((c) => c.ihout)) + 1;
  const rec = next++;
  const sum = next++;
  const f = FIG_COMMANDS[kind];
  const base = { inum3: 0, rnum1: 0, inum4: 0 };
  const recCmd: FigCommand = { command: f.command, icode: f.icode, ihout: rec, inum1: fileNumber, inum2: 0, ...base, files: [fileName], comment: `Point source: subbasin ${subbasin}` };
  const addCmd: FigCommand = { command: 'add', icode: 5, ihout: sum, inum1: own, inum2: rec, ...base, files: [] };
  for (const c of cmds.slice(at + 1)) for (const k of inputs(c)) if (c[k] === own) c[k] = sum;
  cmds.splice(at + 1, 0, recCmd, addCmd);
}

/** The fig.fig file name of a point source (13 characters at most, as fig.fig holds them). */
export const pointSourceFile = (subbasin: number, kind: PointSourceKind) => `ps${String(subbasin).padStart(5, '0')}${FIG_COMMANDS[kind].letter}.dat`;

type StoredChange = PointSourceChange & { sources: (PointSourceChange['sources'][number] & { number?: number })[] };

/** The sources of a saved change, read again from its files. */
export function sourcesOfChange(m: StoredChange): ParsedSource[] {
  const numbers = new Map(m.sources.map((s) => [s.subbasin, Number(s.number)]));
  return readPointSources(m.files.map((f) => ({ name: f.name, text: unpackText(f.gz) })), numbers);
}

export function applyPointSources({ project, changes }: ApplyContext<StoredChange>): void {
  // one upload is the table's one change (a new upload replaces it); the latest wins
  const change = changes.at(-1);
  if (!change) return;
  const cio = project.cio as unknown as Record<string, number>;
  const period = { iyr: Number(cio.IYR) || 2000, nbyr: Number(cio.NBYR) || 1, idaf: Number(cio.IDAF) || 1 };
  const existing = project.fig.commands.filter((c) => c.icode === 7 || c.icode === 8 || c.icode === 10 || c.icode === 11).length;
  sourcesOfChange(change.modificationObject).forEach((src, i) => {
    if (!project.subbasins.some((s) => s.number === src.number)) throw new Error(`Point source of subbasin ${src.subbasin}: the subbasin is not in the written project`);
    const file = pointSourceFile(src.number, src.kind);
    project.otherFiles[file] = swatPointSourceText(src, period);
    addPointSourceToFig(project.fig, src.number, src.kind, existing + i + 1, file);
  });
}

// ─── the page's calls ───────────────────────────────────────────────────────────────────

/** A sample file: example loads for the project's first subbasin over the scenario's period. */
export function sampleCsv(kind: PointSourceKind, subbasin: string, start: string, end: string): string {
  const example = [1000, 0.1, 1, 0.2, 5, 0.5, 0.1, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const [y0, y1] = [Number(start.slice(0, 4)) || 2000, Number(end.slice(0, 4)) || 2000];
  const rows: unknown[][] = [];
  if (kind === 'constant') rows.push([subbasin, ...example]);
  for (let y = y0; y <= y1 && kind !== 'constant'; y++) {
    if (kind === 'yearly') rows.push([subbasin, y, ...example]);
    else if (kind === 'monthly') for (let m = 1; m <= 12; m++) rows.push([subbasin, y, m, ...example]);
    else for (let d = 1; d <= (isLeap(y) ? 366 : 365); d++) rows.push([subbasin, y, d, ...example]);
  }
  return toCsv(columnsOf(kind), rows);
}

async function pageAnswer(platform: PlatformServices, id: number) {
  const mods = await platform.scenarios.getMods(id, modTable);
  const last = mods.at(-1)?.modificationObject as StoredChange | undefined;
  const hrus = await platform.scenarios.hrus(id);
  const subbasins = [...new Map(hrus.map((h) => [h.subbasin, h.subbasinNumber])).entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);
  return {
    hasMods: mods.length > 0,
    userDataUrl: mods.length ? `/api/exports/pointsource/${id}` : null,
    sampleFiles: Object.fromEntries(KINDS.map((k) => [k, `/api/exports/pointsourcesample/${id}/${k}`])),
    sources: (last?.sources ?? []).map(({ subbasin, kind, rows }) => ({ subbasin, kind, rows })),
    subbasins,
  };
}

export default defineEditorServer(pkg, {
  schema,
  describe: describePointSources,
  apply: applyPointSources,
  routes: [
    {
      // Spec 2 §7: hasMods, userDataUrl, sampleFiles
      method: 'GET',
      path: '/scenarios/subbasin/pointsource/:scenarioID',
      access: 'user',
      handler: async ({ params, platform }) => pageAnswer(platform, idParam(params.scenarioID)),
    },
    {
      // Spec 2 §7: the zip upload (5 minutes): checked whole before anything is saved; then it
      // replaces the scenario's point sources in one transaction
      method: 'POST',
      path: '/scenarios/subbasin/pointsource/:scenarioID',
      access: 'user',
      upload: { maxBytes: MAX_ZIP_BYTES, maxFiles: 1, timeoutMs: 300_000 },
      async handler(req) {
        const id = idParam(req.params.scenarioID);
        const { platform } = req;
        const scenario = await platform.scenarios.get(id);
        if (scenario.isRunning) throw new InputError('This scenario is running. Please wait for the run to finish or abort it.');
        const zip = uploadedFile(req, { extensions: ['.zip'] });
        const entries = readZip(zip.data, { maxEntries: 4, maxTotalBytes: 100 * 1024 * 1024, accept: (name) => kindOfName(name) !== undefined, expected: Object.values(SAMPLE_NAMES).join(', ') });
        const hrus = await platform.scenarios.hrus(id);
        const numbers = new Map(hrus.map((h) => [h.subbasin, h.subbasinNumber]));
        const files = entries.map((e) => ({ name: SAMPLE_NAMES[kindOfName(e.name)!], text: e.data.toString('utf8') }));
        const sources = readPointSources(files, numbers);
        const modificationObject = {
          files: files.map((f) => ({ name: f.name, gz: packText(f.text) })),
          sources: sources.map((s) => ({ subbasin: s.subbasin, number: s.number, kind: s.kind, rows: s.rows.length })),
        };
        await platform.scenarios.replaceMods(id, modTable, { applyToAll: true, modificationObject });
        return pageAnswer(platform, id);
      },
    },
    {
      // the current data: the uploaded files as a zip (`?access_token`)
      method: 'GET',
      path: '/exports/pointsource/:scenarioID',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const last = (await platform.scenarios.getMods(id, modTable)).at(-1)?.modificationObject as StoredChange | undefined;
        if (!last) throw new NotFoundError();
        return new FileResponse(writeZip(last.files.map((f) => ({ name: f.name, data: unpackText(f.gz) }))), { fileName: `pointsources-scenario-${id}.zip` });
      },
    },
    {
      // the sample files (spec 2 §2: constant, daily, monthly, yearly), for the scenario's period
      method: 'GET',
      path: '/exports/pointsourcesample/:scenarioID/:kind',
      access: 'user',
      async handler({ params, platform }) {
        const id = idParam(params.scenarioID);
        const kind = KINDS.find((k) => k === params.kind);
        if (!kind) throw new NotFoundError();
        const scenario = await platform.scenarios.get(id);
        const hrus = await platform.scenarios.hrus(id);
        const first = [...hrus].sort((a, b) => a.subbasinNumber - b.subbasinNumber)[0]?.subbasin ?? '1';
        return new FileResponse(sampleCsv(kind, first, scenario.startingSimulationDate ?? '2000-01-01', scenario.endingSimulationDate ?? '2000-12-31'), { fileName: SAMPLE_NAMES[kind] });
      },
    },
  ],
});
