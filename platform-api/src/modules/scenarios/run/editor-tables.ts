// 'Create SWAT Editor input tables' (spec 2 run request createEditorTables /
// writeEditorTablesAsSqlite): the scenario's inputs, exactly as written to its TxtInOut, as the
// input tables of a SWAT Editor 2012 project database — one table per input file kind (bsn,
// sub, rte, swq, pnd, wus, wgn, hru, mgt1, mgt2, sol, chm, gw, sep), one row per file (per
// operation in mgt2), keyed as SWAT Editor keys them (SUBBASIN; for HRU tables SUBBASIN, HRU,
// LANDUSE, SOIL, SLOPE_CD) with SWAT Editor's column names: the SWAT parameter names, monthly
// and per-layer values numbered (RFINC1..RFINC12, SOL_Z1..SOL_Z10). Written as SQLite with
// node:sqlite (SWAT Editor 2012.10.x opens SQLite project databases); Microsoft Access (.mdb)
// needs Microsoft's Jet/ACE engine, which no server here has: the run request refuses it
// (EDITOR_TABLES_ACCESS_MESSAGE) rather than ignore it.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { rmSync } from 'node:fs';
import {
  BSN_SCHEMA,
  GW_SCHEMA,
  HRU_SCHEMA,
  MGT_SCHEMA,
  PND_SCHEMA,
  RTE_SCHEMA,
  SEP_SCHEMA,
  SUB_SCHEMA,
  SWQ_SCHEMA,
  WUS_SCHEMA,
  OPERATION_FIELDS,
  operationsByYear,
  type MgtOperation,
  type Schema,
  type SwatProject,
} from '@headwater/swat/txtinout/index.ts';

export const EDITOR_TABLES_FILE = 'SWAT2012.sqlite';
export const EDITOR_TABLES_ACCESS_MESSAGE = 'SWAT Editor input tables in Access format (.mdb) are not available on this server: use SQLite.';

type Value = number | string | null;
type Column = { name: string; type: 'INTEGER' | 'REAL' | 'TEXT'; get: (o: Record<string, unknown>) => Value };

/** The columns of a keyed file's schema: one per parameter, arrays numbered from 1. */
function schemaColumns(schema: Schema): Column[] {
  const cols: Column[] = [];
  const arrays = new Map<string, { count: number; text: boolean }>();
  for (const e of schema) {
    if (typeof e === 'string') continue;
    const [key, kind] = e;
    if (kind === 'a' || kind === 'f') {
      const count = kind === 'a' ? e[2] + e[5] : e[2] + e[4];
      const prev = arrays.get(key);
      if (!prev) cols.push({ name: key, type: 'TEXT', get: () => null }); // placeholder, replaced below
      arrays.set(key, { count: Math.max(prev?.count ?? 0, count), text: kind === 'f' });
      continue;
    }
    cols.push({ name: key, type: kind === 'i' ? 'INTEGER' : kind === 'r' ? 'REAL' : 'TEXT', get: (o) => scalar(o[key]) });
  }
  return cols.flatMap((c) => {
    const a = arrays.get(c.name);
    if (!a) return [c];
    return Array.from({ length: a.count }, (_, i): Column => ({
      name: `${c.name}${i + 1}`,
      type: a.text ? 'TEXT' : 'REAL',
      get: (o) => scalar((o[c.name] as unknown[] | undefined)?.[i]),
    }));
  });
}

function scalar(v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return String(v).trim();
}

const numbered = (name: string, count: number, get: (o: Record<string, unknown>, i: number) => unknown, type: Column['type'] = 'REAL'): Column[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${name}${i + 1}`, type, get: (o) => scalar(get(o, i)) }));

export type HruLabel = { landuse: string; soil: string; slopeClass: string };

/** Land use, soil and slope class of an HRU from ArcSWAT's title line of its .hru file
 * (`... Luse:AGRL Soil: TIFTON Slope: 0-2 ...`), for projects read from a folder. */
export function labelFromTitle(title: string): HruLabel {
  const m = (re: RegExp) => re.exec(title)?.[1]?.trim() ?? '';
  return { landuse: m(/Luse:\s*(\S+)/i), soil: m(/Soil:\s*(.+?)\s+Slope/i) || m(/Soil:\s*(\S+)/i), slopeClass: m(/Slope:?\s*(\S+)/i) };
}

class TableWriter {
  readonly name: string;
  private columns: Column[];
  private insert: StatementSync;
  constructor(db: DatabaseSync, name: string, columns: Column[]) {
    const seen = new Set<string>();
    this.name = name;
    this.columns = columns.filter((c) => !seen.has(c.name) && seen.add(c.name));
    db.exec(`CREATE TABLE "${name}" (OID INTEGER PRIMARY KEY, ${this.columns.map((c) => `"${c.name}" ${c.type}`).join(', ')})`);
    this.insert = db.prepare(`INSERT INTO "${name}" (${this.columns.map((c) => `"${c.name}"`).join(', ')}) VALUES (${this.columns.map(() => '?').join(', ')})`);
  }
  rows = 0;
  add(o: Record<string, unknown>): void {
    this.insert.run(...this.columns.map((c) => c.get(o)));
    this.rows++;
  }
}

const SUB_KEY: Column[] = [{ name: 'SUBBASIN', type: 'INTEGER', get: (o) => scalar(o.SUBBASIN) }];
const HRU_KEY: Column[] = [
  { name: 'SUBBASIN', type: 'INTEGER', get: (o) => scalar(o.SUBBASIN) },
  { name: 'HRU', type: 'INTEGER', get: (o) => scalar(o.HRU) },
  { name: 'LANDUSE', type: 'TEXT', get: (o) => scalar(o.LANDUSE) },
  { name: 'SOIL', type: 'TEXT', get: (o) => scalar(o.SOIL) },
  { name: 'SLOPE_CD', type: 'TEXT', get: (o) => scalar(o.SLOPE_CD) },
];

// mgt2: SWAT Editor's names where they differ from the .mgt operation fields'
const MGT2_NAMES: Record<string, string> = { HEAT_UNITS: 'HEATUNITS' };
const MGT2_FIELDS = [...new Set(Object.values(OPERATION_FIELDS).flatMap((f) => f.map(([name]) => name)))];

/** Writes the project's input tables to `file` (replaced); returns the row count per table. */
export function writeEditorTables(project: SwatProject, file: string, labels?: (subbasin: number, hru: number) => HruLabel | undefined): Record<string, number> {
  rmSync(file, { force: true });
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
    const t = {
      bsn: new TableWriter(db, 'bsn', schemaColumns(BSN_SCHEMA)),
      sub: new TableWriter(db, 'sub', [...SUB_KEY, ...schemaColumns(SUB_SCHEMA)]),
      rte: new TableWriter(db, 'rte', [...SUB_KEY, ...schemaColumns(RTE_SCHEMA)]),
      swq: new TableWriter(db, 'swq', [...SUB_KEY, ...schemaColumns(SWQ_SCHEMA)]),
      pnd: new TableWriter(db, 'pnd', [...SUB_KEY, ...schemaColumns(PND_SCHEMA)]),
      wus: new TableWriter(db, 'wus', [...SUB_KEY, ...schemaColumns(WUS_SCHEMA)]),
      wgn: new TableWriter(db, 'wgn', [
        ...SUB_KEY,
        ...['WLATITUDE', 'WLONGITUDE', 'WELEV', 'RAIN_YRS'].map((k): Column => ({ name: k, type: 'REAL', get: (o) => scalar(o[k]) })),
        ...['TMPMX', 'TMPMN', 'TMPSTDMX', 'TMPSTDMN', 'PCPMM', 'PCPSTD', 'PCPSKW', 'PR_W1', 'PR_W2', 'PCPD', 'RAINHHMX', 'SOLARAV', 'DEWPT', 'WNDAV'].flatMap((k) => numbered(k, 12, (o, i) => (o[k] as number[] | undefined)?.[i])),
      ]),
      hru: new TableWriter(db, 'hru', [...HRU_KEY, ...schemaColumns(HRU_SCHEMA)]),
      mgt1: new TableWriter(db, 'mgt1', [...HRU_KEY, ...schemaColumns(MGT_SCHEMA)]),
      mgt2: new TableWriter(db, 'mgt2', [
        ...HRU_KEY,
        { name: 'CROP', type: 'TEXT', get: (o) => scalar(o.CROP) },
        ...['YEAR', 'MONTH', 'DAY', 'MGT_OP'].map((k): Column => ({ name: k, type: 'INTEGER', get: (o) => scalar(o[k]) })),
        { name: 'HUSC', type: 'REAL', get: (o) => scalar(o.HUSC) },
        ...MGT2_FIELDS.map((k): Column => ({ name: MGT2_NAMES[k] ?? k, type: 'REAL', get: (o) => scalar(o[k]) })),
      ]),
      sol: new TableWriter(db, 'sol', [
        ...HRU_KEY,
        ...['SNAM', 'HYDGRP'].map((k): Column => ({ name: k, type: 'TEXT', get: (o) => scalar(o[k]) })),
        { name: 'NLAYERS', type: 'INTEGER', get: (o) => (o.layers as unknown[]).length },
        ...['SOL_ZMX', 'ANION_EXCL', 'SOL_CRK'].map((k): Column => ({ name: k, type: 'REAL', get: (o) => scalar(o[k]) })),
        { name: 'TEXTURE', type: 'TEXT', get: (o) => scalar(o.TEXTURE) },
        ...['SOL_Z', 'SOL_BD', 'SOL_AWC', 'SOL_K', 'SOL_CBN', 'CLAY', 'SILT', 'SAND', 'ROCK', 'SOL_ALB', 'USLE_K', 'SOL_EC', 'SOL_PH', 'SOL_CAL'].flatMap((k) =>
          numbered(k, 10, (o, i) => (o.layers as Record<string, number>[])[i]?.[k]),
        ),
      ]),
      chm: new TableWriter(db, 'chm', [
        ...HRU_KEY,
        ...['SOL_NO3', 'SOL_ORGN', 'SOL_SOLP', 'SOL_ORGP', 'PPERCO_SUB'].flatMap((k) => numbered(k, 10, (o, i) => (o[k] as number[] | undefined)?.[i])),
      ]),
      gw: new TableWriter(db, 'gw', [...HRU_KEY, ...schemaColumns(GW_SCHEMA)]),
      sep: new TableWriter(db, 'sep', [...HRU_KEY, ...schemaColumns(SEP_SCHEMA)]),
    };
    const plantName = new Map((project.databases?.plant ?? []).map((p) => [p.ICNUM, p.CPNM]));
    db.exec('BEGIN');
    t.bsn.add(project.bsn as unknown as Record<string, unknown>);
    const reaches = new Map(project.reaches.map((r) => [r.number, r]));
    for (const s of project.subbasins) {
      const key = { SUBBASIN: s.number };
      t.sub.add({ ...s.sub, ...key });
      const r = reaches.get(s.number);
      if (r?.rte) t.rte.add({ ...r.rte, ...key });
      if (r?.swq) t.swq.add({ ...r.swq, ...key });
      if (s.pnd) t.pnd.add({ ...s.pnd, ...key });
      if (s.wus) t.wus.add({ ...s.wus, ...key });
      if (s.wgn) t.wgn.add({ ...s.wgn, ...key });
      s.hrus.forEach((h, i) => {
        const label = labels?.(s.number, i + 1) ?? labelFromTitle(h.hru?.title ?? '');
        const hk = { SUBBASIN: s.number, HRU: i + 1, LANDUSE: label.landuse, SOIL: label.soil, SLOPE_CD: label.slopeClass };
        if (h.hru) t.hru.add({ ...h.hru, ...hk });
        if (h.mgt) {
          t.mgt1.add({ ...h.mgt, ...hk });
          operationsByYear(h.mgt).forEach((ops: MgtOperation[], y) => {
            for (const o of ops) {
              const rec = o as unknown as Record<string, unknown>;
              t.mgt2.add({ ...rec, ...hk, YEAR: y + 1, MONTH: o.month, DAY: o.day, HUSC: o.husc, MGT_OP: o.op, CROP: o.op === 1 ? (plantName.get(rec.PLANT_ID as number) ?? null) : null });
            }
          });
        }
        if (h.sol) t.sol.add({ ...h.sol, ...hk } as unknown as Record<string, unknown>);
        if (h.chm) t.chm.add({ ...h.chm, ...hk } as unknown as Record<string, unknown>);
        if (h.gw) t.gw.add({ ...h.gw, ...hk });
        if (h.sep) t.sep.add({ ...h.sep, ...hk });
      });
    }
    db.exec('COMMIT');
    return Object.fromEntries(Object.values(t).map((w) => [w.name, w.rows]));
  } finally {
    db.close();
  }
}
