import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { formatAveAnnualBasinLines, formatOutputStd, parseOutputStd, readOutputStd } from './index.ts';

const lrewStd = (period: string): string => fixturePath('lrew_swat2012', 'outputs_rev637', period, 'output.std');
const expected = JSON.parse(readFileSync(fixturePath('lrew_swat2012', 'outputs_rev637', 'expected_summary.json'), 'utf8')) as {
  output_std_ave_annual_basin: Record<string, number>;
};

describe('output.std reader', () => {
  it('AVE ANNUAL BASIN VALUES of the LREW run equal expected_summary.json', async () => {
    for (const period of ['monthly', 'yearly']) {
      const std = await readOutputStd(lrewStd(period));
      expect(std.aveAnnualBasin).toEqual(expected.output_std_ave_annual_basin);
      expect(std.aveAnnualBasinUnits.PRECIP).toBe('MM');
      expect(std.aveAnnualBasinUnits['TOTAL SEDIMENT LOADING']).toBe('T/HA');
    }
  });

  it('run header, HRU/subbasin counts, nutrients, stress days, monthly basin table', async () => {
    const std = await readOutputStd(lrewStd('yearly'));
    expect(std.rev).toBe(637);
    expect(std.banner).toBe('SWAT May 6 2015    VER 2015/Rev 637');
    expect(std.title[1]).toBe('11/27/2018 12:00:00 AM ARCGIS-SWAT interface AV');
    expect(std.years).toBe(13);
    expect(std.areaKm2).toBe(21.963);
    expect(std.hruCount).toBe(134);
    expect(std.subbasinCount).toBe(3);
    // Values read by eye from the file.
    expect(std.aveAnnualNutrients['ORGANIC N']).toBe(5.838);
    expect(std.aveAnnualNutrients['N UPTAKE']).toBe(92.256);
    expect(std.aveAnnualNutrients['P UPTAKE']).toBe(20.217);
    expect(std.aveAnnualNutrients['DENITRIFICATION']).toBe(0.008);
    expect(std.aveAnnualNutrients['ACTIVE TO SOLUTION P FLOW']).toBe(-5.467);
    expect(std.aveAnnualNutrients['NO3 EVAP-LAYER 2 TO 1']).toBe(33.477);
    expect(std.aveAnnualNutrients['BOD SEPTIC']).toBe(0);
    expect(std.stressDays).toEqual({
      'WATER STRESS DAYS': 2.03,
      'TEMPERATURE STRESS DAYS': 9.55,
      'NITROGEN STRESS DAYS': 42.88,
      'PHOSPHORUS STRESS DAYS': 0.14,
      'AERATION STRESS DAYS': 0,
    });
    expect(std.aveMonthlyBasin).toHaveLength(12);
    expect(std.aveMonthlyBasin[0]).toEqual({ mon: 1, values: { RAIN: 83.91, 'SNOW FALL': 0.01, 'SURF Q': 17.75, 'LAT Q': 2.56, 'WATER YIELD': 42.39, ET: 25.29, 'SED YIELD': 0.53, PET: 54.49 } });
    //      1   1   LREW03     .185E+00   77.00  173.20    0.46 ... 1115.49  271.01  171.74  640.15   12.13    3.06    7.19   14.01    5.04  271.01
    const h1 = std.hruAverages[0]!;
    expect([h1.hru, h1.sub, h1.soil]).toEqual([1, 1, 'LREW03']);
    expect(h1.values).toMatchObject({ AREAkm2: 0.185, CN: 77, AWCmm: 173.2, PRECmm: 1115.49, ETmm: 640.15, SEDth: 12.13, YLDth: 5.04, SURQmm: 271.01 });
    expect(std.plantValues[0]!.crops[0]).toEqual({ crop: 'COTS', yield: 3903.9, biomass: 10089.9 });
  });

  it('annual summaries: year totals, months (monthly run) and days plus month totals (daily run)', async () => {
    const yearly = await readOutputStd(lrewStd('yearly'));
    expect(yearly.annualSummaries.map((a) => a.year)).toEqual([2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012]);
    //  2003 1100.66  150.54   28.48  309.94  294.35    0.00  177.09  642.86 1179.08  506.48    4.55 ...
    expect(yearly.annualSummaries[0]!.simulationYear).toBe(4);
    expect(yearly.annualSummaries[0]!.values).toMatchObject({ PREC: 1100.66, SURQ: 150.54, LATQ: 28.48, GWQ: 309.94, PERCOLATE: 294.35, ET: 642.86, PET: 1179.08, 'WATER YIELD': 506.48, 'SED YIELD': 4.55 });
    const monthly = await readOutputStd(lrewStd('monthly'));
    const y2006 = monthly.annualSummaries.find((a) => a.year === 2006)!;
    expect(y2006.months).toHaveLength(12);
    expect(y2006.months[0]).toMatchObject({ mon: 1, values: { PREC: 100.42, SURQ: 20.89 } });
    const daily = await readOutputStd(lrewStd('daily'));
    expect(daily.annualSummaries.map((a) => [a.year, a.days.length, a.months.length])).toEqual([[2010, 365, 12], [2011, 365, 12], [2012, 366, 12]]);
  });

  it('tolerates rev 670 (HAWQS): counts, tile flow, bacteria units', async () => {
    const std = await readOutputStd(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', 'output.std'));
    expect(std.rev).toBe(670);
    expect(std.years).toBe(5);
    expect(std.areaKm2).toBe(28475.419);
    expect(std.hruCount).toBe(807);
    expect(std.subbasinCount).toBe(8);
    expect(std.aveAnnualBasin).toMatchObject({ PRECIP: 715.5, 'SNOW FALL': 86.9, 'TILE Q': 8.69, ET: 590.3, PET: 829.7, 'TOTAL SEDIMENT LOADING': 0.02 });
    expect(std.aveAnnualNutrients['NO3 YIELD (TILE)']).toBe(0.2);
    expect(std.aveAnnualNutrients['DIE-GRO P Q']).toBe(0);
    expect(std.annualSummaries.map((a) => a.year)).toEqual([1983, 1984, 1985]);
    expect(std.hruAverages.find((h) => h.soil === 'Aquic eu')?.hru).toBe(39);
  });
});

describe('output.std writer', () => {
  it('writes the run header and AVE ANNUAL BASIN VALUES page exactly like rev 637', () => {
    const text = readFileSync(lrewStd('yearly'), 'latin1');
    const real = text.split('\n');
    const std = parseOutputStd(text);
    const out = formatOutputStd({ banner: std.banner, title: std.title, years: std.years!, areaKm2: std.areaKm2!, aveAnnualBasin: std.aveAnnualBasin }).split('\n');
    expect(out.slice(0, 8)).toEqual(real.slice(0, 8));
    const start = real.findIndex((l) => l.trim() === 'AVE ANNUAL BASIN VALUES');
    const block = real.slice(start - 6, start + 25);
    expect(out.slice(8, 8 + block.length)).toEqual(block);
    expect(formatAveAnnualBasinLines(expected.output_std_ave_annual_basin)).toEqual(real.slice(start + 2, start + 25));
    // And it reads back.
    expect(parseOutputStd(out.join('\n')).aveAnnualBasin).toEqual(expected.output_std_ave_annual_basin);
  });
});
