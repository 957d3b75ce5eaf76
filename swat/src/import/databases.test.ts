// The SWAT Editor databases of an upload read and summarised: a SQLite project database built
// here with node:sqlite (tables, row counts, the SWAT Editor tables it has); a file named .mdb
// that is no Access database, a damaged Access file and a damaged SQLite file reported clearly
// without failing detection (the TxtInOut is the source of truth).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureProject } from '../../test/fixtures.ts';
import { describeDatabase, detectUpload, summariseDatabase } from './index.ts';

const lrew = fixtureProject('lrew_swat2012');
const work = mkdtempSync(join(tmpdir(), 'hw-swatdb-'));
afterAll(() => {
  rmSync(lrew, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function sqliteProject(path: string): void {
  const db = new DatabaseSync(path);
  db.exec(`create table hru (SUBBASIN integer, HRU integer, HRU_FR real);
           create table mgt1 (SUBBASIN integer, HRU integer, IGRO integer);
           create table sol (SUBBASIN integer, HRU integer, SNAM text);
           create table rte (SUBBASIN integer, CH_L2 real);
           create table "MasterProgress" (WorkDir text);`);
  const hru = db.prepare('insert into hru values (?, ?, ?)');
  for (let s = 1; s <= 3; s++) for (let h = 1; h <= 4; h++) hru.run(s, h, 0.25);
  db.prepare('insert into mgt1 values (1, 1, 0)').run();
  for (let s = 1; s <= 3; s++) db.prepare('insert into rte values (?, 1.5)').run(s);
  db.close();
}

describe('SWAT Editor databases', () => {
  it('a SQLite project database: tables with row counts and its SWAT Editor tables', () => {
    const file = join(work, 'project.sqlite');
    sqliteProject(file);
    const s = summariseDatabase(file, 'Proj/project.sqlite', 'sqlite');
    expect(s.error).toBeNull();
    expect(s.tables).toEqual([
      { name: 'hru', rows: 12 },
      { name: 'MasterProgress', rows: 0 },
      { name: 'mgt1', rows: 1 },
      { name: 'rte', rows: 3 },
      { name: 'sol', rows: 0 },
    ]);
    expect(s.swatTables).toEqual(['hru', 'mgt1', 'rte', 'sol']);
    expect(describeDatabase(s)).toBe('Proj/project.sqlite (SQLite): 5 tables, 16 rows; SWAT Editor tables: hru, mgt1, rte, sol.');
  });

  it('a file named .mdb that is no Access database, a damaged Access file, a damaged SQLite file: clear messages, no throw', () => {
    const notAccess = join(work, 'Proj.mdb');
    writeFileSync(notAccess, 'this is a text file, not a database\n');
    expect(summariseDatabase(notAccess, 'Proj.mdb', 'access')).toEqual({
      file: 'Proj.mdb',
      format: 'access',
      tables: [],
      swatTables: [],
      error: 'The database Proj.mdb could not be read: it is not a Microsoft Access database. The import uses the TxtInOut files.',
    });
    // the Jet signature, then garbage: the reader's own failure, reported the same way
    const damaged = join(work, 'SWAT2012.mdb');
    const bytes = Buffer.alloc(8192, 0x5a);
    bytes.write('\0\x01\0\0Standard Jet DB\0', 0, 'latin1');
    writeFileSync(damaged, bytes);
    const d = summariseDatabase(damaged, 'SWAT2012.mdb', 'access');
    expect(d.tables).toEqual([]);
    expect(d.error).toMatch(/^The database SWAT2012\.mdb could not be read: .+\. The import uses the TxtInOut files\.$/);
    const badSqlite = join(work, 'broken.sqlite');
    writeFileSync(badSqlite, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(200, 0xff)]));
    expect(summariseDatabase(badSqlite, 'broken.sqlite', 'sqlite').error).toMatch(/^The database broken\.sqlite could not be read: .+\. The import uses the TxtInOut files\.$/);
  });

  it('the upload result carries the summaries; a bad database does not stop detection', () => {
    const up = join(work, 'upload');
    cpSync(lrew, join(up, 'Proj', 'Scenarios', 'Default', 'TxtInOut'), { recursive: true });
    writeFileSync(join(up, 'Proj', 'Proj.mdb'), 'not an access file');
    sqliteProject(join(up, 'Proj', 'Proj.sqlite'));
    const d = detectUpload(up);
    expect(d).toMatchObject({ kind: 'txtinout', hasSwatMdb: true, isSqlite: true, projectMdbName: 'Proj.mdb', hasEndingSubKey: true });
    expect(d.databases.map((x) => [x.file, x.format, x.swatTables, x.error === null])).toEqual([
      ['Proj/Proj.mdb', 'access', [], false],
      ['Proj/Proj.sqlite', 'sqlite', ['hru', 'mgt1', 'rte', 'sol'], true],
    ]);
    expect(d.databases[0]!.error).toContain('it is not a Microsoft Access database');
  });
});
