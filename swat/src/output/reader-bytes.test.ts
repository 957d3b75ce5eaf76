// The byte-level reader (scanOutputFile) gives the same rows as the streaming string reader
// (readOutputRows) on rev 637's own outputs, daily and monthly, and on edge cases: CRLF lines,
// a last line without a break, lines longer than the read block, Fortran-only spellings.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureRun } from '../../test/fixtures.ts';
import { parseFortranNumber, parseFortranInt } from './fortran.ts';
import { forEachLineOfFile, parseFortranIntAt, parseFortranNumberAt } from './reader-bytes.ts';
import { readOutputRows, scanOutputFile } from './reader.ts';
import type { OutputRow } from './types.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const plain = (r: OutputRow) => ({ ...r, data: Array.from(r.data), values: undefined });

async function both(path: string, cio?: string) {
  const options = { ...(cio ? { cio } : {}) };
  const streamed: OutputRow[] = [];
  for await (const r of readOutputRows(path, options)) streamed.push(r);
  const scanned: OutputRow[] = [];
  scanOutputFile(path, options, (r) => scanned.push(r));
  return { streamed, scanned };
}

describe('scanOutputFile', () => {
  for (const print of ['daily', 'monthly'] as const) {
    it(`reads rev 637's ${print} output.rch, .sub and .hru as readOutputRows does`, async () => {
      const dir = fixtureRun('lrew_swat2012', print);
      dirs.push(dir);
      const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
      let files = 0;
      for (const file of ['output.rch', 'output.sub', 'output.hru']) {
        if (!existsSync(join(dir, file))) continue;
        files++;
        const { streamed, scanned } = await both(join(dir, file), cio);
        expect(scanned.length).toBe(streamed.length);
        expect(scanned.length).toBeGreaterThan(100);
        for (let i = 0; i < scanned.length; i += 97) expect(plain(scanned[i]!)).toEqual(plain(streamed[i]!));
        expect(plain(scanned.at(-1)!)).toEqual(plain(streamed.at(-1)!));
      }
      expect(files).toBeGreaterThanOrEqual(2);
    });
  }

  it('reads CRLF lines, a last line without a break, and lines longer than the read block', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-bytes-'));
    dirs.push(dir);
    const path = join(dir, 'lines.txt');
    const long = 'x'.repeat(5000);
    writeFileSync(path, `a\r\nbb\n${long}\r\n\nlast`, 'latin1');
    const seen: string[] = [];
    forEachLineOfFile(path, (buf, s, e) => seen.push(buf.toString('latin1', s, e)), 64);
    expect(seen).toEqual(['a', 'bb', long, '', 'last']);
  });

  it('parses numbers and integers as the string parsers do', () => {
    const fields = ['  0.1234E+01', '.87822E+01', '   -1.500', '0.1000+100', '1.0D+00', '     ', '*****', ' 12 ', '-7', '1.2.3', '  0.0000E+00', '123456789012345678', 'abc'];
    for (const f of fields) {
      const buf = Buffer.from(`#${f}#`, 'latin1');
      const a = parseFortranNumberAt(buf, 1, 1 + f.length);
      const b = parseFortranNumber(f, 0, f.length);
      expect(Number.isNaN(a) ? 'NaN' : a, f).toEqual(Number.isNaN(b) ? 'NaN' : b);
      const ia = parseFortranIntAt(buf, 1, 1 + f.length);
      const ib = parseFortranInt(f, 0, f.length);
      expect(Number.isNaN(ia) ? 'NaN' : ia, f).toEqual(Number.isNaN(ib) ? 'NaN' : ib);
    }
  });
});
