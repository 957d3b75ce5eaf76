// The fast output parser (scenarios/run/outputs-scan.ts, used by parseOutputFile and the engine's
// text) against the reference: @headwater/swat's row reader gathered by OutputSetsBuilder (the
// loader before it). Every set must be the same — axes, units, areas, times, row counts — and
// every matrix the same bytes: on rev 637's LREW outputs (daily with calendar dates, monthly,
// yearly; with and without file.cio), on julian-day daily files across a leap year, on other
// revs' layouts, on damaged files (overflow stars, CRLF, cut and blank lines, a repeated
// header), and from the text in blocks of any size.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackFixture } from '@headwater/swat/test-fixtures';
import { createHruWriter, createRchWriter } from '@headwater/swat/output/index.ts';
import { OutputTextParser, parseOutputFile } from '../src/modules/scenarios/run/outputs-parse.ts';
import { parseOutputFileByRows, type ParsedSet } from '../src/modules/scenarios/run/outputs-sets.ts';

const work = mkdtempSync(join(tmpdir(), 'hw-outputs-scan-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bytes = (m: Float32Array) => Buffer.from(m.buffer, m.byteOffset, m.byteLength);

function expectSame(fast: ParsedSet[], reference: ParsedSet[], what: string): void {
  expect(fast.map(({ matrices, ...axes }) => axes), what).toEqual(reference.map(({ matrices, ...axes }) => axes));
  fast.forEach((s, i) => {
    expect(s.matrices.length).toBe(reference[i]!.matrices.length);
    s.matrices.forEach((m, v) => expect(bytes(m).equals(bytes(reference[i]!.matrices[v]!)), `${what} ${s.kind} ${s.period} ${s.variables[v]}`).toBe(true));
  });
}

function compare(path: string, kind: 'rch' | 'sub' | 'hru', cio: string | undefined): ParsedSet[] {
  const fast = parseOutputFile(path, kind, cio);
  expectSame(fast, parseOutputFileByRows(path, kind, cio), `${path} (${cio ? 'file.cio' : 'no file.cio'})`);
  return fast;
}


describe('the fast output parser', () => {
  for (const period of ['daily', 'monthly', 'yearly'] as const) {
    it(`gives the reference's sets on LREW's ${period} outputs, with and without file.cio`, () => {
      const dir = unpackFixture('lrew_swat2012', `outputs_${period}.tar.gz`, mkdtempSync(join(work, `${period}-`)));
      const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
      for (const kind of ['rch', 'sub', 'hru'] as const) {
        const sets = compare(join(dir, `output.${kind}`), kind, cio);
        expect(sets.reduce((a, s) => a + s.rows, 0)).toBeGreaterThanOrEqual(30);
        compare(join(dir, `output.${kind}`), kind, undefined);
      }
    });
  }

  it('gives the reference\'s sets on julian-day daily files (ICALEN 0) across a leap year, with year rows', async () => {
    const cio = ['    1    | IPRINT', '    0    | ICALEN', '    3    | NBYR', ' 1990    | IYR', '    1    | NYSKIP'].join('\n');
    let rch = '';
    let hru = '';
    const r = createRchWriter((c) => (rch += c), { iprint: 1, icalen: 0, columns: ['FLOW_INcms', 'FLOW_OUTcms', 'SED_OUTtons'] });
    const h = createHruWriter((c) => (hru += c), { iprint: 1, icalen: 0, columns: ['PRECIPmm', 'ETmm', 'BACTPct', 'WTAB CLIm', 'LAI'] });
    let x = 0.37;
    for (const [year, days] of [[1991, 365], [1992, 366]] as const) {
      for (let j = 1; j <= days; j++) {
        for (let u = 1; u <= 3; u++) {
          x = (x * 7.13 + 0.91) % 1;
          const big = (u === 2 && j % 40 === 0 ? 1e12 : 1) * x * 10 ** ((j % 9) - 4);
          r.writeRow({ unit: u, period: 'day', year, julianDay: j, area: 12.5 * u, values: { FLOW_INcms: big, FLOW_OUTcms: j % 13 === 0 ? -0 : -x, SED_OUTtons: j % 7 === 0 ? 0 : x * 1e-7 } });
          h.writeRow({ unit: u, lulc: 'CORN', gis: `00001000${u}`, sub: 1, mgt: 0, period: 'day', year, julianDay: j, area: 0.5 * u, values: { PRECIPmm: big, ETmm: j % 13 === 0 ? -0 : -x, BACTPct: j % 5 === 0 ? 0 : x * 1e5, 'WTAB CLIm': j % 3 === 0 ? 0 : x, LAI: j % 11 === 0 ? 123456.7 : x } });
        }
      }
      for (let u = 1; u <= 3; u++) r.writeRow({ unit: u, period: 'year', year, area: 12.5 * u, values: { FLOW_INcms: 1, FLOW_OUTcms: 2, SED_OUTtons: 3 } });
    }
    await r.close();
    await h.close();
    writeFileSync(join(work, 'julian.rch'), rch, 'latin1');
    writeFileSync(join(work, 'julian.hru'), hru, 'latin1');
    expect(hru).toContain('*****'); // an overflowing field
    expect(rch).toContain(' -0.0000E+00'); // a negative zero: not the printed zero, parsed (-0)
    const sets = compare(join(work, 'julian.rch'), 'rch', cio);
    expect(sets.map((s) => `${s.period}:${s.rows}`)).toEqual(['day:2193', 'year:6']);
    expect(sets[0]!.times.slice(59, 61)).toEqual([19910301, 19910302]);
    expect(sets[0]!.times.slice(365 + 58, 365 + 61)).toEqual([19920228, 19920229, 19920301]);
    compare(join(work, 'julian.hru'), 'hru', cio);
    compare(join(work, 'julian.rch'), 'rch', undefined);
  });

  it('gives the reference\'s sets on other revs\' layouts (rev 664 monthly, rev 681 HRUs)', () => {
    const dir = unpackFixture('rev_variants', 'rev_variants.tar.gz', mkdtempSync(join(work, 'revs-')));
    const r664 = join(dir, 'rev664_pso_ga_parall_swat');
    const cio664 = readFileSync(join(r664, 'file.cio'), 'latin1');
    for (const kind of ['rch', 'sub'] as const) {
      copyFileSync(join(r664, `output.${kind}.head300`), join(r664, `output.${kind}`));
      expect(compare(join(r664, `output.${kind}`), kind, cio664).length).toBeGreaterThan(0);
    }
    const r681 = join(dir, 'rev681_SWATShiny');
    compare(join(r681, 'output.hru'), 'hru', readFileSync(join(r681, 'file.cio'), 'latin1'));
  });

  it('gives the reference\'s sets on damaged files: stars, CRLF, cut, blank and repeated lines', () => {
    const dir = unpackFixture('lrew_swat2012', 'outputs_monthly.tar.gz', mkdtempSync(join(work, 'damaged-')));
    const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
    for (const kind of ['rch', 'sub', 'hru'] as const) {
      const lines = readFileSync(join(dir, `output.${kind}`), 'latin1').split('\n');
      const header = lines[8]!;
      const out = lines.map((l, i) => {
        if (i < 10 || l.length < 80) return l;
        if (i % 17 === 0) return l.slice(0, 60) + '**********' + l.slice(70); // overflow stars
        if (i % 19 === 0) return l.slice(0, l.length - 25); // cut in a field
        if (i % 23 === 0) return `${l.slice(0, 50)}  x${l.slice(53)}`; // a damaged number
        if (i % 29 === 0) return `${l}\r`;
        if (i % 31 === 0) return `\n${header}\n${l}`;
        return l;
      });
      writeFileSync(join(dir, `output.${kind}`), out.join('\n').slice(0, -3), 'latin1'); // no break after a cut last line
      compare(join(dir, `output.${kind}`), kind, cio);
    }
  });

  it('gives from the text in blocks of any size what it gives from the file', () => {
    const dir = unpackFixture('lrew_swat2012', 'outputs_daily.tar.gz', mkdtempSync(join(work, 'text-')));
    const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
    for (const kind of ['rch', 'hru'] as const) {
      const text = readFileSync(join(dir, `output.${kind}`), 'latin1');
      const parser = new OutputTextParser(kind, cio);
      for (let at = 0, n = 1; at < text.length; at += n, n = (n * 7 + 3) % 5003) parser.text(text.slice(at, at + n));
      expectSame(parser.end(), parseOutputFile(join(dir, `output.${kind}`), kind, cio), `${kind} text`);
    }
  });
});
