// Writers as the engine uses them: headers built from rev + print settings must match
// SWAT's own files; streamed rows must give the same bytes as SWAT wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import {
  buildOutputHeader,
  columnsFromPrintList,
  createHruWriter,
  createOutputWriter,
  createRchWriter,
  createSubWriter,
  formatOutputPreamble,
  parseCioPrintLists,
  parseOutputRows,
  readOutputRows,
} from './index.ts';
import type { OutputFileKind, OutputRowInput, OutputWriterOptions } from './types.ts';

const lrew = (period: string, file: string): string => fixturePath('lrew_swat2012', 'outputs_rev637', period, file);
const lines = (path: string): string[] => readFileSync(path, 'latin1').split('\n');
const LREW_TITLE: [string, string, string] = ['General Input/Output section (file.cio):', '11/27/2018 12:00:00 AM ARCGIS-SWAT interface AV', ''];
const BANNER_637 = 'SWAT May 6 2015    VER 2015/Rev 637';

const tmp = mkdtempSync(join(tmpdir(), 'hw-output-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('headers for new files', () => {
  it('preamble matches SWAT rev 637 (banner at t5, zero date at t105, titles a80)', () => {
    const pre = formatOutputPreamble({ banner: BANNER_637, title: LREW_TITLE });
    expect(pre).toEqual(lines(lrew('daily', 'output.rch')).slice(0, 8));
  });

  const cases: [OutputFileKind, string, OutputWriterOptions][] = [
    ['rch', lrew('daily', 'output.rch'), { iprint: 1, icalen: 1 }],
    ['rch', lrew('monthly', 'output.rch'), { iprint: 0 }],
    ['sub', lrew('daily', 'output.sub'), { iprint: 1, icalen: 1 }],
    ['sub', lrew('yearly', 'output.sub'), { iprint: 2 }],
    ['hru', lrew('daily', 'output.hru'), { iprint: 1, icalen: 1 }],
    ['hru', lrew('monthly', 'output.hru'), { iprint: 0 }],
    ['rch', fixturePath('rev_variants', 'rev664_pso_ga_parall_swat', 'output.rch.head300'), { iprint: 0, rev: 664 }],
    ['sub', fixturePath('rev_variants', 'rev664_pso_ga_parall_swat', 'output.sub.head300'), { iprint: 0, rev: 664 }],
  ];
  for (const [file, path, opts] of cases) {
    it(`default ${file} header (rev ${opts.rev ?? 637}, IPRINT ${opts.iprint}) equals ${path.split('/').slice(-2).join('/')}`, () => {
      const header = buildOutputHeader(file, { banner: BANNER_637, title: LREW_TITLE, ...opts });
      expect(header.headerLine).toBe(lines(path)[8]);
    });
  }

  it('file.cio print lists select columns (HAWQS rev 670 prints HRU variables 1–20)', () => {
    const cio = readFileSync(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', 'file.cio'), 'latin1');
    const lists = parseCioPrintLists(cio);
    const columns = columnsFromPrintList('hru', lists.hru, 670);
    expect(columns).toHaveLength(20);
    const header = buildOutputHeader('hru', { iprint: 1, icalen: 1, rev: 670, columns });
    expect(header.headerLine).toBe(lines(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', 'output.hru'))[8]);
    // All-zero list: every variable.
    expect(columnsFromPrintList('rch', lists.rch, 670)).toHaveLength(46);
    expect(columnsFromPrintList('sub', lists.sub, 670)).toHaveLength(24);
  });
});

describe('streaming writers reproduce SWAT files', () => {
  const files: [OutputFileKind, string][] = [
    ['rch', lrew('daily', 'output.rch')],
    ['sub', lrew('daily', 'output.sub')],
    ['hru', lrew('monthly', 'output.hru')],
    ['sub', fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', 'output.sub')],
  ];
  for (const [file, path] of files) {
    it(`rows of ${path.split('/').slice(-2).join('/')} streamed to a path give the same bytes`, async () => {
      const text = readFileSync(path, 'latin1');
      const { header, rows } = parseOutputRows(text);
      const out = join(tmp, `${file}-${rows.length}.txt`);
      const create = file === 'rch' ? createRchWriter : file === 'sub' ? createSubWriter : createHruWriter;
      const writer = create(out, { preamble: header.preamble, iprint: 0, layout: header.layout, columns: header.columns, labels: header.labels, headerPrefix: header.headerPrefix });
      for (const r of rows) await writer.writeRow(r);
      await writer.close();
      expect(readFileSync(out, 'latin1')).toBe(text);
    });
  }

  it('writes to a Node stream and leaves it open', async () => {
    const text = readFileSync(lrew('yearly', 'output.rch'), 'latin1');
    const { header, rows } = parseOutputRows(text);
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c.toString('latin1')));
    const writer = createOutputWriter('rch', stream, { preamble: header.preamble, iprint: 2, rev: 637 });
    for (const r of rows) writer.writeRow(r);
    await writer.close();
    expect(stream.writableEnded).toBe(false);
    expect(chunks.join('')).toBe(text);
  });
});

describe('engine-style rows (values by name, periods, julian dates)', () => {
  it('month, year and average rows with a print subset read back to the same values', () => {
    const columns = ['FLOW_INcms', 'FLOW_OUTcms', 'SED_OUTtons'];
    let text = '';
    const writer = createRchWriter((chunk) => (text += chunk), { iprint: 0, columns, title: ['test', '', ''] });
    const rows: OutputRowInput[] = [];
    for (let month = 1; month <= 12; month++) {
      rows.push({ unit: 1, period: 'month', month, year: 2001, area: 21.96, values: { FLOW_INcms: month * 0.1, FLOW_OUTcms: month * 0.099, SED_OUTtons: 1234.56 } });
    }
    rows.push({ unit: 1, period: 'year', year: 2001, area: 21.96, values: { FLOW_INcms: 0.65, FLOW_OUTcms: 0.64, SED_OUTtons: 14814 } });
    rows.push({ unit: 1, period: 'average', years: 1, area: 21.96, values: [0.65, 0.64, 14814] });
    for (const r of rows) writer.writeRow(r);
    return writer.close().then(() => {
      const lines = text.split('\n');
      expect(lines[8]).toBe('       RCH      GIS   MON     AREAkm2  FLOW_INcms FLOW_OUTcms SED_OUTtons');
      expect(lines[9]).toBe('REACH    1        0     1  0.2196E+02  0.1000E+00  0.9900E-01  0.1235E+04');
      expect(lines[21]).toBe('REACH    1        0  2001  0.2196E+02  0.6500E+00  0.6400E+00  0.1481E+05');
      expect(lines[22]).toBe('REACH    1        0   1.0  0.2196E+02  0.6500E+00  0.6400E+00  0.1481E+05');
      const back = parseOutputRows(text);
      expect(back.iprint).toBe(0);
      expect(back.rows.map((r) => r.period)).toEqual([...Array(12).fill('month'), 'year', 'average']);
      expect(back.rows[11]!.year).toBe(2001);
      expect(back.rows[11]!.month).toBe(12);
      expect(back.rows[11]!.values.FLOW_INcms).toBeCloseTo(1.2, 10);
      expect(back.rows[13]!.years).toBe(1);
    });
  });

  it('daily julian rows (ICALEN 0) across a leap year resolve to calendar dates', async () => {
    let text = '';
    const writer = createSubWriter((c) => (text += c), { iprint: 1, icalen: 0, columns: ['PRECIPmm'] });
    for (const [year, days] of [[1991, 365], [1992, 366]] as const) {
      for (let j = 1; j <= days; j++) writer.writeRow({ unit: 1, period: 'day', year, julianDay: j, area: 8.7822, values: { PRECIPmm: j / 10 } });
    }
    await writer.close();
    const back = parseOutputRows(text, { startYear: 1991 });
    expect(back.iprint).toBe(1);
    expect(back.rows).toHaveLength(731);
    const feb29 = back.rows.find((r) => r.year === 1992 && r.julianDay === 60)!;
    expect([feb29.month, feb29.day]).toEqual([2, 29]);
    const dec31 = back.rows.at(-1)!;
    expect([dec31.year, dec31.month, dec31.day, dec31.julianDay]).toEqual([1992, 12, 31, 366]);
    // Daily output.sub values are e10.3.
    expect(text.split('\n')[9]).toBe('BIGSUB   1        0    1.87822E+01 0.100E+00');
  });

  it('HRU rows keep LULC, GIS, SUB and MGT', async () => {
    let text = '';
    const writer = createHruWriter((c) => (text += c), { iprint: 2, columns: ['PRECIPmm', 'ETmm'] });
    writer.writeRow({ unit: 7, lulc: 'RIC', gis: '000010007', sub: 1, mgt: 2, period: 'year', year: 2005, area: 0.0477, values: { PRECIPmm: 1115.49, ETmm: 601.11 } });
    await writer.close();
    expect(text.split('\n')[9]).toBe('RIC     7 000010007    1    2 2005.47700E-01  1115.490   601.110');
    const r = parseOutputRows(text).rows[0]!;
    expect([r.lulc, r.unit, r.gis, r.sub, r.mgt, r.period, r.year]).toEqual(['RIC', 7, '000010007', 1, 2, 'year', 2005]);
  });
});

describe('streaming reader', () => {
  it('path stream, odd-sized chunks and in-memory parse give the same rows', async () => {
    const path = lrew('monthly', 'output.sub');
    const text = readFileSync(path, 'latin1');
    const expected = parseOutputRows(text).rows.map((r) => JSON.stringify([r.unit, r.period, r.year, r.month, r.years, r.area, Array.from(r.data)]));
    const fromPath: string[] = [];
    for await (const r of readOutputRows(path, 'sub')) fromPath.push(JSON.stringify([r.unit, r.period, r.year, r.month, r.years, r.area, Array.from(r.data)]));
    expect(fromPath).toEqual(expected);
    async function* chunks(): AsyncGenerator<string> {
      for (let i = 0; i < text.length; i += 777) yield text.slice(i, i + 777);
    }
    const fromChunks: string[] = [];
    for await (const r of readOutputRows(chunks(), { kind: 'sub' })) fromChunks.push(JSON.stringify([r.unit, r.period, r.year, r.month, r.years, r.area, Array.from(r.data)]));
    expect(fromChunks).toEqual(expected);
  });

  it('refuses a file of another kind', async () => {
    const rows = readOutputRows(lrew('yearly', 'output.sub'), 'rch');
    await expect(rows.next()).rejects.toThrow(/expected output.rch/);
  });
});
