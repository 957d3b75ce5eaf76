// The byte-level reader (scanOutputFile) gives the same rows as the streaming string reader
// (readOutputRows) on rev 637's own outputs, daily and monthly, and on edge cases: CRLF lines,
// a last line without a break, lines longer than the read block, Fortran-only spellings; the
// fast field parser (parseFortranFieldAt) gives the generic one's doubles bit for bit.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureRun } from '../../test/fixtures.ts';
import { formatE, formatF, parseFortranNumber, parseFortranInt } from './fortran.ts';
import { forEachLineOfFile, parseFortranFieldAt, parseFortranIntAt, parseFortranNumberAt } from './reader-bytes.ts';
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

  it('parses SWAT\'s E and F fields with their digits as parseFortranNumberAt does, to the bit', () => {
    const same = (f: string, d: number) => {
      const buf = Buffer.from(`9${f}9`, 'latin1'); // digits either side: the field's bounds are kept
      const a = parseFortranFieldAt(buf, 1, 1 + f.length, d);
      const b = parseFortranNumberAt(buf, 1, 1 + f.length);
      expect(Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b)), `${JSON.stringify(f)} d=${d}: ${a} vs ${b}`).toBe(true);
    };
    // written by the formatters SWAT's outputs use, over many magnitudes and signs
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 4000; i++) {
      const v = (random() < 0.5 ? -1 : 1) * random() * 10 ** Math.floor(random() * 60 - 30);
      const x = i % 50 === 0 ? 0 : i % 51 === 0 ? -0 : v;
      for (const [w, d] of [[12, 4], [10, 3], [10, 5], [11, 5]] as const) same(formatE(x, w, d), d);
      for (const [w, d] of [[10, 3], [8, 1], [12, 6]] as const) same(formatF(x, w, d), d);
    }
    // other shapes and damaged fields: the generic parser's answer
    for (const [f, d] of [
      ['*****', 3], ['**********', 3], ['          ', 3], ['0.1000+100', 4], ['-.1000-100', 4], ['  1.2345E+02', 4], [' 0.1234E+02', 3], ['  0.1234D+02', 4],
      ['  -0.000', 3], ['  0.1234e+02', 4], ['x 0.1234E+02', 4], [' -0.1234E+02', 4], ['--0.1234E+02', 4], ['   1234567.', 0], ['123456789.123', 3],
      ['  12 .345', 3], ['  1-2.345', 3], ['   .345', 3], ['  0.12a4E+02', 4], ['  0.1234E+0a', 4], ['  0.1234E*02', 4], ['1234567890123.456', 3], ['  .E+02', 0],
    ] as const) same(f, d);
  });
});

