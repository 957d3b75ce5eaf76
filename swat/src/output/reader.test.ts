// Reader details beyond the round trips: file.cio settings, CRLF, header-only reads,
// the column table, and reading a file of a few tens of MB (its speed logged, not asserted).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import {
  detectPrintSettings,
  parseCioOutputSettings,
  parseOutputRows,
  readOutputHeader,
  readOutputRows,
  readOutputTable,
} from './index.ts';
import { julianDay, monthDay } from './reader.ts';

const lrew = (period: string, file: string): string => fixturePath('lrew_swat2012', 'outputs_rev637', period, file);

describe('file.cio output settings', () => {
  it('reads right-justified (ArcSWAT) and left-justified (HAWQS) values', () => {
    expect(parseCioOutputSettings(readFileSync(lrew('daily', 'file.cio'), 'latin1'))).toEqual({
      nbyr: 13, iyr: 2000, idaf: 1, idal: 366, iprint: 1, nyskip: 10, icalen: 1,
    });
    expect(parseCioOutputSettings(readFileSync(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', 'file.cio'), 'latin1'))).toEqual({
      nbyr: 5, iyr: 1981, idaf: 1, idal: 365, iprint: 1, nyskip: 2, icalen: 1,
    });
  });

  it('IPRINT/ICALEN are detected from content and agree with file.cio', () => {
    for (const period of ['daily', 'monthly', 'yearly']) {
      const cio = parseCioOutputSettings(readFileSync(lrew(period, 'file.cio'), 'latin1'));
      for (const file of ['output.rch', 'output.sub', 'output.hru']) {
        const detected = detectPrintSettings(readFileSync(lrew(period, file), 'latin1'));
        expect(detected).toEqual({ iprint: cio.iprint, icalen: cio.iprint === 1 ? cio.icalen : 0 });
      }
    }
  });
});

describe('reader details', () => {
  it('CRLF files give the same rows', () => {
    const text = readFileSync(lrew('monthly', 'output.rch'), 'latin1');
    const a = parseOutputRows(text).rows;
    const b = parseOutputRows(text.replace(/\n/g, '\r\n')).rows;
    expect(b.map((r) => [r.unit, r.period, r.year, r.month, r.years, ...r.data])).toEqual(a.map((r) => [r.unit, r.period, r.year, r.month, r.years, ...r.data]));
  });

  it('reads the header alone from a path or from text', async () => {
    const path = lrew('daily', 'output.hru');
    const h = await readOutputHeader(path);
    expect(h.file).toBe('hru');
    expect(h.rev).toBe(637);
    expect(h.columns).toHaveLength(78);
    expect(h.columns[0]).toBe('PRECIPmm');
    expect(h.columns[66]).toBe('BACTPct');
    expect(h.labels[66]).toBe('  BACTPct ');
    expect(h.layout.id).toBe('hru-cal');
    const fromText = await readOutputHeader(readFileSync(path, 'latin1'));
    expect(fromText.headerLine).toBe(h.headerLine);
  });

  it('column table of a small file', async () => {
    const t = await readOutputTable(lrew('yearly', 'output.rch'));
    expect(t.rowCount).toBe(33);
    expect(t.iprint).toBe(2);
    expect(Array.from(t.year.slice(0, 3))).toEqual([2003, 2003, 2003]);
    expect(t.period.filter((p) => p === 'average')).toHaveLength(3);
    // Reach 3 average annual outflow (expected_summary.json: 0.3025).
    const i = t.period.findIndex((p, k) => p === 'average' && t.unit[k] === 3);
    expect(t.columns.FLOW_OUTcms![i]).toBe(0.3025);
    expect(t.years[i]).toBe(10);
    expect(Number.isNaN(t.month[i]!)).toBe(true);
  });

  it('a file with only the header (no rows yet) still gives its header', () => {
    const head = readFileSync(lrew('monthly', 'output.sub'), 'latin1').split('\n').slice(0, 9).join('\n') + '\n';
    const { header, rows } = parseOutputRows(head);
    expect(rows).toEqual([]);
    expect(header.file).toBe('sub');
    expect(header.columns[15]).toBe('LAT Q(mm)');
  });

  it('julian day helpers', () => {
    expect(julianDay(2012, 12, 31)).toBe(366);
    expect(julianDay(2011, 3, 1)).toBe(60);
    expect(monthDay(2012, 60)).toEqual({ month: 2, day: 29 });
    expect(monthDay(2011, 60)).toEqual({ month: 3, day: 1 });
    expect(monthDay(2011, 365)).toEqual({ month: 12, day: 31 });
  });
});

describe('reading speed', () => {
  // A daily output.rch/.sub 20× longer than LREW's, streamed in 1 MB chunks.
  for (const file of ['output.rch', 'output.sub']) {
    it(`streams a daily ${file} at a useful rate (MB/s logged)`, async () => {
      const text = readFileSync(lrew('daily', file), 'latin1');
      const lines = text.split('\n');
      const body = lines.slice(9, -1).join('\n') + '\n';
      const big = lines.slice(0, 9).join('\n') + '\n' + body.repeat(20);
      async function* chunks(): AsyncGenerator<string> {
        for (let i = 0; i < big.length; i += 1 << 20) yield big.slice(i, i + (1 << 20));
      }
      const t0 = performance.now();
      let n = 0;
      let flow = 0;
      for await (const r of readOutputRows(chunks())) {
        n++;
        flow += r.data[0]!; // FLOW_INcms or PRECIPmm
      }
      const seconds = (performance.now() - t0) / 1000;
      const mbPerS = big.length / 1e6 / seconds;
      console.log(`${file}: ${(big.length / 1e6).toFixed(1)} MB, ${n} rows in ${seconds.toFixed(2)} s = ${mbPerS.toFixed(0)} MB/s`);
      expect(n).toBe(3288 * 20);
      expect(flow).toBeGreaterThan(0);
      // No timing assertion (ARCHITECTURE: figures live in bench/): on a loaded machine any floor
      // fails for reasons that are not the reader's. bench/suites/run-io.ts measures loading speed.
    });
  }
});
