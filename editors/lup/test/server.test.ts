// Land use update's own behaviour: reading the dated files (names, HRUs, fractions adding to 1 per
// subbasin — every problem by file and line), the HRU CSV round trip, and what `apply` writes
// (lup.dat and one fraction file per date, the engine's and SWAT's format).
import { packText, validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { describe, expect, it } from 'vitest';
import server, { hrusCsv, readLupFiles } from '../server/index.ts';
import { dateOfName } from '../src/formats.ts';
import { describeLup, schema, type LupChange } from '../src/schema.ts';

const hrus = new Set(['1|FRSE|S1|0-9999', '1|URLD|S1|0-9999', '1|AGRL|S2|0-9999', '2|FRSE|S1|0-9999']);
const problemsOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (err) {
    return (err as { fields?: { file: string[] } }).fields?.file ?? [String(err)];
  }
  return [];
};

describe('the dated files', () => {
  it('take real dates only', () => {
    expect(dateOfName('2010-01-01.csv')).toBe('2010-01-01');
    expect(dateOfName('2010-02-30.csv')).toBeUndefined();
    expect(dateOfName('landuse.csv')).toBeUndefined();
  });

  it('read each HRU\'s new fraction; the subbasins listed', () => {
    const csv = 'SUBBASIN,LANDUSE,SOIL,SLOPE,HRU_FR\n1,FRSE,S1,0-9999,0.1\n1,URLD,S1,0-9999,0.5\n1,AGRL,S2,0-9999,0.4\n';
    const [u] = readLupFiles([{ name: '2010-01-01.csv', text: csv }], hrus);
    expect(u!.date).toBe('2010-01-01');
    expect([...u!.subbasins]).toEqual(['1']);
    expect(u!.fractions.get('1|URLD|S1|0-9999')).toBe(0.5);
  });

  it('name every problem with its file and line', () => {
    const bad = 'SUBBASIN,LANDUSE,SOIL,SLOPE,HRU_FR\n1,FRSE,S1,0-9999,0.2\n1,URLD,S1,0-9999,0.5\n9,FRSE,S1,0-9999,1\n2,FRSE,S1,0-9999,1.5\n1,FRSE,S1,0-9999,0.3\n';
    expect(problemsOf(() => readLupFiles([{ name: '2010-01-01.csv', text: bad }, { name: 'notes.csv', text: '' }], hrus))).toEqual([
      '2010-01-01.csv: line 5, column HRU_FR: Must be between 0 and 1',
      '2010-01-01.csv: line 4: no HRU of this project is subbasin 9, land use FRSE, soil S1, slope 0-9999',
      '2010-01-01.csv: line 6: the HRU of subbasin 1, FRSE, S1, 0-9999 is listed twice',
      '2010-01-01.csv: line 2, column HRU_FR: the fractions of subbasin 1 add up to 0.7, not 1',
      "notes.csv: not an expected file name (yyyy-mm-dd.csv, a real date).",
    ]);
    const files = Array.from({ length: 26 }, (_, i) => ({ name: `2010-01-${String(i + 1).padStart(2, '0')}.csv`, text: 'SUBBASIN,LANDUSE,SOIL,SLOPE,HRU_FR\n2,FRSE,S1,0-9999,1\n' }));
    expect(problemsOf(() => readLupFiles(files, hrus))[0]).toBe('The zip archive holds more than 25 files.');
  });
});

describe('apply', () => {
  it('writes lup.dat and a fraction file of every HRU for each date', async () => {
    const project = tinyProject();
    const sub = project.subbasins[0]!;
    const title = (h: (typeof sub.hrus)[number]) => /Luse:(\S+)\s+Soil:\s*(\S+)\s+Slope:\s*(\S+)/.exec(h.hru!.title)!.slice(1);
    const forest = sub.hrus.filter((h) => title(h)[0] === 'FRSE');
    const urban = sub.hrus.find((h) => title(h)[0] === 'URLD')!;
    const moved = forest.reduce((a, h) => a + h.hru!.HRU_FR, 0);
    const rows = sub.hrus.map((h) => {
      const [lu, soil, slope] = title(h);
      const fr = lu === 'FRSE' ? 0 : h === urban ? h.hru!.HRU_FR + moved : h.hru!.HRU_FR;
      return `1,${lu},${soil},${slope},${fr}`;
    });
    const csv = `SUBBASIN,LANDUSE,SOIL,SLOPE,HRU_FR\n${rows.join('\n')}\n`;
    const change: LupChange = { files: [{ name: '2005-07-01.csv', gz: packText(csv) }], updates: [{ date: '2005-07-01', subbasins: 1, hrus: rows.length }], subbasinNumbers: { '1': 1 }, iclus: false };
    expect(validateChange(schema, change)).toEqual({});
    await server.editor.apply(applyContext(project, [{ modificationObject: change }]));
    expect(project.otherFiles['lup.dat']).toBe('    1    7    1 2005 lup1.dat\r\n');
    const lines = project.otherFiles['lup1.dat']!.trim().split(/\r\n/).slice(1);
    expect(lines).toHaveLength(sub.hrus.length);
    const k = sub.hrus.indexOf(urban);
    expect(Number(lines[k]!.split(' ')[1])).toBeCloseTo(urban.hru!.HRU_FR + moved, 6);
    expect(Number(lines[sub.hrus.indexOf(forest[0]!)]!.split(' ')[1])).toBe(0);
    expect(describeLup(change)).toBe('1 update: 2005-07-01');
  });

  it('offers the HRU CSV that reads back', () => {
    const csv = hrusCsv([{ id: 7, number: 1, subbasin: '1', subbasinNumber: 1, subbasinId: 10, landuse: 'FRSE', soil: 'S1', slopeClass: '0-9999', slope: 0.01, slopeLength: 50, area: 1, fraction: 1 }]);
    expect(csv).toBe('HRU_ID,SUBBASIN,LANDUSE,SOIL,SLOPE,AREA_KM2,HRU_FR\r\n7,1,FRSE,S1,0-9999,1,1\r\n');
    expect(readLupFiles([{ name: '2010-01-01.csv', text: csv }], hrus)).toHaveLength(1);
  });
});
