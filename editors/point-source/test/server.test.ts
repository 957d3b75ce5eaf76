// Point sources' own behaviour: reading the sample files (every problem by file, line and column;
// one kind of record per subbasin), the SWAT files written, fig.fig (the record command's
// hydrograph added to its subbasin's before the routing), the samples, and `apply`.
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { packText, validateChange, writeZip, readZip } from '@headwater/plugin-sdk/server';
import { buildFig } from '@headwater/swat/txtinout/assemble.ts';
import { describe, expect, it } from 'vitest';
import server, { addPointSourceToFig, readPointSources, sampleCsv, swatPointSourceText } from '../server/index.ts';
import { columnsOf, SAMPLE_NAMES } from '../src/formats.ts';
import { describePointSources, schema } from '../src/schema.ts';

const subbasins = new Map([['1', 1], ['2', 2], ['3', 3]]);
const problemsOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (err) {
    return (err as { fields?: { file: string[] } }).fields?.file ?? [String(err)];
  }
  return [];
};

describe('reading the sample files', () => {
  it('reads a constant and a daily source', () => {
    const constant = `${columnsOf('constant').join(',')}\n1,8640,0.1,1,0.2,5,0.5,0.1,0.5,0,0,0,0,0,0,0,0,0,0\n`;
    const daily = 'SUBBASIN,YEAR,DAY,FLODAY,SEDDAY\n2,2004,1,100,0.5\n2,2004,2,200,0.5\n';
    const s = readPointSources([{ name: SAMPLE_NAMES.constant, text: constant }, { name: SAMPLE_NAMES.daily, text: daily }], subbasins);
    expect(s.map((x) => [x.subbasin, x.kind, x.rows.length])).toEqual([['1', 'constant', 1], ['2', 'daily', 2]]);
    expect(s[1]!.rows[0]!.slice(0, 5)).toEqual([2004, 1, 100, 0.5, 0]);
  });

  it('names every problem by file, line and column', () => {
    const daily = 'SUBBASIN,YEAR,DAY,FLODAY\n9,2004,1,100\n1,2003,366,5\n1,2003,2,x\n1,2003,2,-4\n1,2004,1,1\n1,2004,1,2\n';
    const monthly = 'SUBBASIN,YEAR,MONTH,FLOMON\n1,2004,1,100\n';
    expect(problemsOf(() => readPointSources([{ name: SAMPLE_NAMES.daily, text: daily }, { name: SAMPLE_NAMES.monthly, text: monthly }], subbasins))).toEqual([
      'pointsource_daily.csv: line 4, column FLODAY: Must be a number',
      'pointsource_daily.csv: line 5, column FLODAY: Must be at least 0',
      'pointsource_daily.csv: line 2, column SUBBASIN: Subbasin 9 is not a subbasin of this project',
      'pointsource_daily.csv: line 3, column DAY: 2003 has 365 days',
      'pointsource_daily.csv: line 7, column YEAR, DAY: This date is listed twice for the subbasin',
      'pointsource_monthly.csv: line 2, column SUBBASIN: Subbasin 1 already has daily records (pointsource_daily.csv): one kind of record per subbasin',
    ]);
    expect(problemsOf(() => readPointSources([{ name: 'mine.csv', text: 'a\n' }], subbasins))[0]).toMatch(/^mine.csv: not an expected file name/);
    expect(problemsOf(() => readPointSources([{ name: SAMPLE_NAMES.yearly, text: 'SUBBASIN,YEAR\n1,2004\n' }], subbasins))).toEqual(['pointsource_yearly.csv: the header line lacks the column FLOYR.']);
  });
});

describe('SWAT files and fig.fig', () => {
  it('writes records for every day, month or year SWAT reads, 0 where none is given', () => {
    const mon = swatPointSourceText({ subbasin: '1', number: 1, kind: 'monthly', rows: [[2004, 2, 100, ...Array(17).fill(0)]] }, { iyr: 2004, nbyr: 1, idaf: 1 });
    const rows = mon.trim().split(/\r\n/).slice(6);
    expect(rows).toHaveLength(36); // 2004..2006 (two years after the run, as readmon.f reads)
    expect(rows[0]!.split(' ').slice(0, 3)).toEqual(['1', '2004', '0']);
    expect(rows[1]!.split(' ').slice(0, 3)).toEqual(['2', '2004', '100']);
    const day = swatPointSourceText({ subbasin: '1', number: 1, kind: 'daily', rows: [[2004, 60, 5, ...Array(17).fill(0)]] }, { iyr: 2004, nbyr: 1, idaf: 32 });
    expect(day.trim().split(/\r\n/).slice(6)[0]!.startsWith('32 2004 0')).toBe(true);
  });

  it("adds the record's hydrograph to its subbasin's before the routing", () => {
    const fig = buildFig([{ number: 1, downstream: 3 }, { number: 2, downstream: 3 }, { number: 3, downstream: null }]);
    addPointSourceToFig(fig, 1, 'constant', 1, 'ps00001c.dat');
    const c = fig.commands;
    const rec = c.find((x) => x.command === 'reccnst')!;
    const add = c[c.indexOf(rec) + 1]!;
    expect(add).toMatchObject({ command: 'add', inum1: 1, inum2: rec.ihout });
    // the reach of subbasin 1 routes the sum
    expect(c.find((x) => x.icode === 2 && x.inum1 === 1)!.inum2).toBe(add.ihout);
    expect(rec.files).toEqual(['ps00001c.dat']);
  });
});

describe('apply', () => {
  it('writes the file and the fig.fig commands of each source', async () => {
    const project = tinyProject();
    const constant = `${columnsOf('constant').join(',')}\n1,8640,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n`;
    const change = { files: [{ name: SAMPLE_NAMES.constant, gz: packText(constant) }], sources: [{ subbasin: '1', number: 1, kind: 'constant' as const, rows: 1 }] };
    expect(validateChange(schema, change)).toEqual({});
    await server.editor.apply(applyContext(project, [{ modificationObject: change }]));
    expect(project.otherFiles['ps00001c.dat']).toMatch(/\r\n8640 0 0/);
    expect(project.fig.commands.some((x) => x.command === 'reccnst' && x.files[0] === 'ps00001c.dat')).toBe(true);
    expect(describePointSources(change)).toBe('1 point source: subbasin 1 (constant)');
  });

  it('makes samples of the scenario period that read back', () => {
    const csv = sampleCsv('monthly', '1', '2003-01-01', '2004-12-31');
    const s = readPointSources([{ name: SAMPLE_NAMES.monthly, text: csv }], subbasins);
    expect(s[0]!.rows).toHaveLength(24);
    const zip = writeZip([{ name: SAMPLE_NAMES.monthly, data: csv }]);
    expect(readZip(zip)[0]!.data.toString('utf8')).toBe(csv);
  });
});
