// What an unpacked upload is (spec 3 §3 Upload result): the TxtInOut folder (the one holding
// file.cio), the shapes of an ArcSWAT / QSWAT project (Watershed/Shapes), a HAWQS export (its
// file.cio or .sub titles say so), and the SWAT Editor databases (.mdb Access files; SQLite
// projects of QSWAT+/SWAT Editor 2012 SQLite): hasSwatMdb, isSqlite, projectMdbName.
import { closeSync, openSync, readdirSync, readSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseFig } from '../txtinout/fig.ts';
import { findShapefiles } from './shapes.ts';
import { routingOf } from './routing.ts';
import { summariseDatabase, type SwatDatabaseSummary } from './databases.ts';

/** At most this many databases of an upload are read (a project has one or two). */
export const MAX_DATABASES = 6;

export type UploadKind = 'arcswat' | 'txtinout' | 'hawqs';
export type DetectedUpload = {
  kind: UploadKind;
  /** folder holding file.cio, relative to the upload root ('' = the root) */
  txtInOut: string;
  /** folder holding the subbasin shapefile, relative; undefined without shapes */
  shapes?: string;
  hasEndingSubKey: boolean;
  endingSubbasinName: string | null;
  hasSwatMdb: boolean;
  isSqlite: boolean;
  projectMdbName: string | null;
  /** the outlets fig.fig routes to (several: the user chooses) */
  outlets: string[];
  /** the SWAT Editor databases read (tables, row counts, SWAT Editor tables, or why not) */
  databases: SwatDatabaseSummary[];
};

function walk(root: string, dir = root, out: string[] = [], depth = 0): string[] {
  if (depth > 8) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(root, p, out, depth + 1);
    else if (e.isFile()) out.push(relative(root, p).split(sep).join('/'));
  }
  return out;
}

function isSqliteFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(16);
    readSync(fd, b, 0, 16, 0);
    return b.toString('latin1') === 'SQLite format 3\0';
  } finally {
    closeSync(fd);
  }
}

/** Describes the upload unpacked in `root`; throws (with the reason) when it holds no TxtInOut. */
export function detectUpload(root: string): DetectedUpload {
  const files = walk(root);
  const cios = files.filter((f) => f.split('/').pop()!.toLowerCase() === 'file.cio');
  if (!cios.length) throw new Error('The zip archive holds no SWAT project: no TxtInOut folder with a file.cio was found.');
  // the shallowest file.cio (a project folder may keep old copies deeper, e.g. Scenarios/x/TxtInOut)
  const defaultOne = cios.find((f) => /(^|\/)Scenarios\/Default\/TxtInOut\/file\.cio$/i.test(f));
  const cio = defaultOne ?? cios.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0]!;
  const txtInOut = cio.includes('/') ? cio.slice(0, cio.lastIndexOf('/')) : '';
  const tioAbs = join(root, txtInOut);

  // shapes: Watershed/Shapes of the project folder, else any folder with a subbasin shapefile
  let shapes: string | undefined;
  const shapeDirs = [...new Set(files.filter((f) => /\.shp$/i.test(f)).map((f) => (f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '')))];
  const preferred = shapeDirs.sort((a, b) => Number(/watershed\/shapes$/i.test(b)) - Number(/watershed\/shapes$/i.test(a)));
  for (const d of preferred) if (findShapefiles(join(root, d))) (shapes ??= d);

  const cioText = readFileSync(join(tioAbs, readdirSync(tioAbs).find((f) => f.toLowerCase() === 'file.cio')!), 'latin1');
  let hawqs = /HAWQS/i.test(cioText.split(/\r?\n/, 3).join('\n'));
  if (!hawqs) {
    const sub = readdirSync(tioAbs).find((f) => /^\d{9}\.sub$/i.test(f));
    if (sub) hawqs = /HAWQS/i.test(readFileSync(join(tioAbs, sub), 'latin1').split(/\r?\n/, 1)[0] ?? '');
  }

  // the outlet: from fig.fig (one outlet: known; none or several: the user names it)
  let outlets: string[] = [];
  const figName = readdirSync(tioAbs).find((f) => f.toLowerCase() === 'fig.fig');
  if (figName) {
    try {
      outlets = routingOf(parseFig(readFileSync(join(tioAbs, figName), 'latin1'))).outlets.map(String);
    } catch {
      outlets = [];
    }
  }

  const mdbs = files.filter((f) => /\.mdb$/i.test(f));
  const sqlites = files.filter((f) => /\.(sqlite|sqlite3|db)$/i.test(f) && statSync(join(root, f)).size >= 16 && isSqliteFile(join(root, f)));
  // the project database: the .mdb named like the project folder, not the SWAT2012.mdb reference one
  const projectMdb = mdbs.find((f) => !/swat20\d\d\.mdb$/i.test(f)) ?? null;
  // a file named .sqlite that is no SQLite database is reported too (not counted in isSqlite)
  const namedSqlite = files.filter((f) => /\.(sqlite|sqlite3)$/i.test(f) && !sqlites.includes(f));
  const databases = [
    ...mdbs.map((f) => summariseDatabase(join(root, f), f, 'access')),
    ...[...sqlites, ...namedSqlite].map((f) => summariseDatabase(join(root, f), f, 'sqlite')),
  ].slice(0, MAX_DATABASES);
  return {
    kind: hawqs ? 'hawqs' : shapes ? 'arcswat' : 'txtinout',
    txtInOut,
    shapes,
    hasEndingSubKey: outlets.length === 1,
    endingSubbasinName: outlets.length === 1 ? outlets[0]! : null,
    hasSwatMdb: mdbs.some((f) => /swat20\d\d\.mdb$/i.test(f)) || !!projectMdb,
    isSqlite: sqlites.length > 0,
    projectMdbName: projectMdb ? projectMdb.split('/').pop()! : sqlites[0]?.split('/').pop() ?? null,
    outlets,
    databases,
  };
}
