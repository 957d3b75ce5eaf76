// The SWAT Editor databases of an uploaded project (spec 3 §3 Upload result: hasSwatMdb,
// isSqlite): the ArcSWAT project .mdb and the SWAT2012.mdb reference database (Microsoft Access,
// read with mdb-reader), or a SQLite project database (node:sqlite). Each is summarised — its
// tables with row counts and which SWAT Editor tables it has — for the upload result and the
// import's status. The TxtInOut stays the source of truth: a database that cannot be read is
// reported with the reason and never fails the upload or the import.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import MDBReader from 'mdb-reader';

/** The tables SWAT Editor (ArcSWAT / SWAT Editor 2012) writes to a project database, and those
 * of the SWAT2012.mdb reference database. */
export const SWAT_EDITOR_TABLES = [
  'bsn', 'chm', 'gw', 'hru', 'mgt1', 'mgt2', 'ops', 'pnd', 'pp', 'res', 'rte', 'sdr', 'sep', 'sol', 'sub', 'swq', 'wgn', 'wpd', 'wus', 'wwq', 'lup',
  'crop', 'fert', 'pest', 'till', 'urban', 'septwq', 'usersoil', 'userwgn',
] as const;

/** A database larger than this is not read (mdb-reader holds the whole file in memory). */
export const MAX_DATABASE_BYTES = 512 * 1024 * 1024;

export type SwatDatabaseSummary = {
  /** path inside the upload */
  file: string;
  format: 'access' | 'sqlite';
  /** every user table with its row count, by name */
  tables: { name: string; rows: number }[];
  /** the SWAT Editor tables it holds (lower case, in SWAT_EDITOR_TABLES order) */
  swatTables: string[];
  /** why it could not be read (then `tables` is empty) */
  error: string | null;
};

const ACCESS_SIGNATURES = ['Standard Jet DB', 'Standard ACE DB'];

function head(path: string, n: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(n);
    const got = readSync(fd, b, 0, n, 0);
    return b.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

function swatTablesOf(tables: { name: string }[]): string[] {
  const names = new Set(tables.map((t) => t.name.toLowerCase()));
  return SWAT_EDITOR_TABLES.filter((t) => names.has(t));
}

function readAccess(path: string): { name: string; rows: number }[] {
  // bytes 4..19 of an Access file: 'Standard Jet DB' (.mdb) or 'Standard ACE DB' (.accdb)
  const sig = head(path, 20).subarray(4, 19).toString('latin1');
  if (!ACCESS_SIGNATURES.includes(sig)) throw new Error('it is not a Microsoft Access database');
  const reader = new MDBReader(readFileSync(path));
  return reader.getTableNames().map((name) => ({ name, rows: reader.getTable(name).rowCount }));
}

function readSqlite(path: string): { name: string; rows: number }[] {
  if (head(path, 16).toString('latin1') !== 'SQLite format 3\0') throw new Error('it is not a SQLite database');
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const names = (db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).all() as { name: string }[]).map((r) => r.name);
    return names.map((name) => ({ name, rows: Number((db.prepare(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get() as { n: number }).n) }));
  } finally {
    db.close();
  }
}

/** Reads one database (`file` is its name in the upload, for messages); never throws. */
export function summariseDatabase(path: string, file: string, format: 'access' | 'sqlite'): SwatDatabaseSummary {
  try {
    const size = statSync(path).size;
    if (size > MAX_DATABASE_BYTES) throw new Error(`it is larger than ${MAX_DATABASE_BYTES / 1024 / 1024} MB and was not read`);
    const tables = (format === 'access' ? readAccess(path) : readSqlite(path)).sort((a, b) => a.name.localeCompare(b.name));
    return { file, format, tables, swatTables: swatTablesOf(tables), error: null };
  } catch (err) {
    const why = (err as Error)?.message || String(err);
    return { file, format, tables: [], swatTables: [], error: `The database ${file} could not be read: ${why}. The import uses the TxtInOut files.` };
  }
}

/** One line for logs and status messages. */
export function describeDatabase(s: SwatDatabaseSummary): string {
  if (s.error) return s.error;
  const rows = s.tables.reduce((n, t) => n + t.rows, 0);
  const swat = s.swatTables.length ? `SWAT Editor tables: ${s.swatTables.join(', ')}` : 'no SWAT Editor tables';
  return `${s.file} (${s.format === 'access' ? 'Access' : 'SQLite'}): ${s.tables.length} tables, ${rows.toLocaleString('en-US')} rows; ${swat}.`;
}
