// The SDK's upload pieces (server/zip.ts, server/csv.ts, editor/uploads.ts): a zip archive is
// refused — with a message naming the entry — when an entry would leave the archive, expands too
// much (ratio or total: zip bombs), lies about its size, is encrypted, is not an expected name, or
// the file is not a zip; CSV problems are named by file, line and column.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip, safeEntryPath, writeZip } from '../src/server/zip.ts';
import { parseCsvRows, readCsvTable, toCsv } from '../src/server/csv.ts';
import { UPLOAD_MESSAGES, uploadProblem } from '../src/editor/uploads.ts';

/** The `{ file: [...] }` problems of a refusal. */
function refusal(f: () => unknown): string[] {
  try {
    f();
  } catch (err) {
    return (err as { fields?: { file: string[] } }).fields?.file ?? [String(err)];
  }
  return [];
}

describe('zip archives', () => {
  it('round-trip the files written (names, bytes), skipping folders and tool files', () => {
    const zip = writeZip([
      { name: 'a.csv', data: 'x,y\n1,2\n' },
      { name: 'folder/b.csv', data: Buffer.from('é') },
      { name: '__MACOSX/._a.csv', data: 'junk' },
    ]);
    expect(readZip(zip).map((e) => [e.name, e.data.toString('utf8')])).toEqual([
      ['a.csv', 'x,y\n1,2\n'],
      ['b.csv', 'é'],
    ]);
  });

  it("refuse entries that would leave the archive ('../', absolute, drive letters, backslashes)", () => {
    for (const name of ['../evil.csv', 'a/../../evil.csv', '/etc/passwd', 'C:/evil.csv', 'a\\..\\evil.csv']) {
      expect(safeEntryPath(name)).toBe(false);
      expect(refusal(() => readZip(writeZip([{ name, data: 'x' }])))).toEqual([UPLOAD_MESSAGES.unsafePath(name)]);
    }
    expect(safeEntryPath('folder/2010-01-01.csv')).toBe(true);
  });

  it('refuse a zip bomb by its ratio before inflating anything', () => {
    const zip = writeZip([{ name: 'bomb.csv', data: Buffer.alloc(20 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThan(100_000);
    const [problem] = refusal(() => readZip(zip));
    expect(problem).toMatch(/^bomb\.csv: expands \d+ times its compressed size; the archive looks like a zip bomb/);
  });

  it('refuse archives expanding past the total, or holding too many files', () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.csv`, data: Buffer.from(String(i).repeat(40_000)) }));
    expect(refusal(() => readZip(writeZip(files), { maxTotalBytes: 100_000 }))).toEqual([UPLOAD_MESSAGES.totalSize(100_000)]);
    expect(refusal(() => readZip(writeZip(files), { maxEntries: 4 }))).toEqual([UPLOAD_MESSAGES.tooManyEntries(4)]);
  });

  it('refuse an entry whose data expands past its declared size (a lying header)', () => {
    const data = Buffer.alloc(2 * 1024 * 1024, 65);
    const zip = writeZip([{ name: 'liar.csv', data }]);
    // declare 1000 bytes in both headers: the inflater stops at 1001 and the entry is refused
    const cd = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1000, 22);
    zip.writeUInt32LE(1000, cd + 24);
    expect(refusal(() => readZip(zip))).toEqual([UPLOAD_MESSAGES.corrupt('liar.csv')]);
  });

  it('refuse encrypted entries, other methods, unexpected names, and files that are not zips', () => {
    const enc = writeZip([{ name: 'a.csv', data: 'x' }]);
    enc.writeUInt16LE(0x801, 6);
    enc.writeUInt16LE(0x801, enc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(refusal(() => readZip(enc))).toEqual([UPLOAD_MESSAGES.encrypted('a.csv')]);
    const bz = writeZip([{ name: 'a.csv', data: 'x' }]);
    bz.writeUInt16LE(12, bz.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(refusal(() => readZip(bz))).toEqual([UPLOAD_MESSAGES.method('a.csv')]);
    const names = writeZip([{ name: '2010-01-01.csv', data: 'x' }, { name: 'notes.txt', data: 'y' }]);
    expect(refusal(() => readZip(names, { accept: (n) => /^\d{4}-\d{2}-\d{2}\.csv$/.test(n), expected: 'yyyy-mm-dd.csv' }))).toEqual([UPLOAD_MESSAGES.unexpected('notes.txt', 'yyyy-mm-dd.csv')]);
    expect(refusal(() => readZip(Buffer.from('PK not really a zip at all, just text')))).toEqual([UPLOAD_MESSAGES.notZip]);
    expect(refusal(() => readZip(writeZip([])))).toEqual([UPLOAD_MESSAGES.emptyZip]);
    expect(refusal(() => readZip(writeZip([{ name: 'a.csv', data: '1' }, { name: 'x/A.CSV', data: '2' }])))).toEqual([UPLOAD_MESSAGES.duplicate('A.CSV')]);
  });

  it('refuse a damaged entry (checksum)', () => {
    const zip = writeZip([{ name: 'a.csv', data: 'hello world' }]);
    zip.writeUInt32LE(1234, 14);
    zip.writeUInt32LE(1234, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 16);
    expect(refusal(() => readZip(zip))).toEqual([UPLOAD_MESSAGES.corrupt('a.csv')]);
    void deflateRawSync;
  });
});

describe('CSV', () => {
  it('splits quoted cells, doubled quotes, CRLF and a byte-order mark, skipping blank lines', () => {
    const { rows, problems } = parseCsvRows('\ufeffa,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",2\n');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['multi\nline', '2'] },
    ]);
    expect(parseCsvRows('a\n"open\n').problems).toEqual([{ line: 2, message: UPLOAD_MESSAGES.csvQuote }]);
  });

  it('reads a table by its header, naming each problem by file, line and column', () => {
    const t = readCsvTable('Name,VALUE,n\nx,1.5,2\ny,abc,3\nz,5,2.5\n,3,1\n', [
      { name: 'NAME', type: 'string' },
      { name: 'VALUE', type: 'number', minimum: 0, maximum: 4 },
      { name: 'N', type: 'integer' },
    ], { file: 'f.csv' });
    expect(t.rows[0]).toEqual({ line: 2, values: { NAME: 'x', VALUE: 1.5, N: 2 } });
    expect(t.problems).toEqual(['f.csv: line 3, column VALUE: Must be a number', 'f.csv: line 4, column VALUE: Must be between 0 and 4', 'f.csv: line 4, column N: Must be a whole number', 'f.csv: line 5, column NAME: Required']);
    expect(t.bad.has('3:VALUE')).toBe(true);
    expect(readCsvTable('a\n1\n', [{ name: 'B', type: 'number' }], { file: 'g.csv' }).problems).toEqual(['g.csv: the header line lacks the column B.']);
    expect(readCsvTable('', [{ name: 'B', type: 'number' }], { file: 'h.csv' }).problems).toEqual(['h.csv: the file is empty.']);
  });

  it('writes what it reads', () => {
    const text = toCsv(['A', 'B'], [['x, y', 1], ['"q"', 2.5]]);
    expect(text).toBe('A,B\r\n"x, y",1\r\n"""q""",2.5\r\n');
    expect(parseCsvRows(text).rows.map((r) => r.cells)).toEqual([['A', 'B'], ['x, y', '1'], ['"q"', '2.5']]);
  });
});

describe('a file before it is sent', () => {
  it('is checked by extension and size in the same words as the server', () => {
    expect(uploadProblem({ name: 'ops.CSV', size: 10 }, { extensions: ['.csv'] })).toBeNull();
    expect(uploadProblem({ name: 'ops.xlsx', size: 10 }, { extensions: ['.csv'] })).toBe('Please upload a .csv file.');
    expect(uploadProblem({ name: 'a.zip', size: 30 * 1024 * 1024 }, { extensions: ['.zip'], maxBytes: 20 * 1024 * 1024 })).toBe('The file is larger than 20 MB.');
  });
});
