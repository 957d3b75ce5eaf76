import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { loadCheckInputs, parseHydOut, parseOutputRsv } from './files.ts';
import { swatCheck } from './swat-check.ts';
import type { CheckInputs } from './files.ts';

const LREW = (p: string) => fixturePath('lrew_swat2012', 'outputs_rev637', p);
const TXTINOUT = fixturePath('lrew_swat2012', 'TxtInOut');
const expected = JSON.parse(readFileSync(fixturePath('lrew_swat2012', 'outputs_rev637', 'expected_summary.json'), 'utf8'));

describe('SWAT Check on LREW rev 637 (yearly print, 2003-2012)', () => {
  const inputs = loadCheckInputs(LREW('yearly'), TXTINOUT);
  const r = swatCheck(inputs);

  it('setup: simulation details', () => {
    expect(r.setup).toMatchObject({
      swatVersion: 'SWAT 2015/Rev 637', swatRev: 637, simulationLength: 13, warmUp: 3,
      simulationStart: '2000-01-01', simulationEnd: '2012-12-31', hrus: 134, subbasins: 3,
      outputTimestep: 'yearly', precipMethod: 'measured', watershedArea: 21.963, subbasin: 0,
    });
  });

  it('land uses come from the .hru files (Luse:)', () => {
    expect(inputs.landUseSource).toBe('hru-files');
    expect(inputs.landUse.size).toBe(134);
    expect(inputs.landUse.get(1)).toBe('AGRL');
    const rows = r.landUseSummary.landUseRows;
    expect(rows.reduce((s, x) => s + x.hrus, 0)).toBe(134);
    expect(rows.reduce((s, x) => s + x.area, 0)).toBeCloseTo(21.963, 1);
    expect(rows.map((x) => x.landUse)).toContain('WATR');
  });

  it('hydrology: the watershed water balance of output.std and its ratios', () => {
    const b = expected.output_std_ave_annual_basin;
    const h = r.hydrology;
    expect(h.precipitation).toBe(b['PRECIP']);
    expect(h.surfaceRunoff).toBe(b['SURFACE RUNOFF Q']);
    expect(h.lateralFlow).toBe(b['LATERAL SOIL Q']);
    expect(h.returnFlow).toBe(b['GROUNDWATER (SHAL AQ) Q']);
    expect(h.et).toBe(b['ET']);
    expect(h.pet).toBe(b['PET']);
    expect(h.percolation).toBe(b['TOTAL AQ RECHARGE']);
    expect(h.recharge).toBe(b['DEEP AQ RECHARGE']);
    const total = b['SURFACE RUNOFF Q'] + b['LATERAL SOIL Q'] + b['GROUNDWATER (SHAL AQ) Q'];
    expect(h.streamflowPrecipitation).toBeCloseTo(total / b['PRECIP'], 12);
    expect(h.surfaceRunoffTotalFlow).toBeCloseTo(b['SURFACE RUNOFF Q'] / total, 12);
    expect(h.etPrecipitation).toBeCloseTo(654.1 / 1094.3, 12);
    // area-weighted CN of the 134 HRUs lies within their range
    const cns = inputs.std.hruAverages.map((x) => x.values['CN']!);
    expect(h.averageCn!).toBeGreaterThan(Math.min(...cns));
    expect(h.averageCn!).toBeLessThan(Math.max(...cns));
    expect(h.monthlyBasinValues).toHaveLength(12);
    expect(h.monthlyBasinValues[0]).toMatchObject({ month: 1, rain: 83.91, surfaceRunoff: 17.75 });
    // a plausible water balance: no hydrology warnings (surface runoff 0.47 of total flow, baseflow 0.47)
    expect(h.warnings).toEqual([]);
  });

  it('nutrient cycles, plant growth and landscape losses with the tool\'s warning rules', () => {
    const n = r.nitrogenCycle;
    expect(n.initialNO3).toBe(64.982);
    expect(n.finalNO3).toBe(21.561);
    expect(n.totalFertilizerN).toBe(34.4);
    expect(n.denitrification).toBe(0.008);
    // (21.561 − 64.982)/64.982 = −66.8 %
    expect(n.warnings).toContain('Nitrate is being removed from the soil profile: the simulation ends with 66.8% less.');
    expect(n.warnings.some((w) => w.startsWith('Denitrification is less than 1%'))).toBe(true);
    expect(n.avgAnnualByLandUse.length).toBeGreaterThan(0);
    expect(n.avgAnnualByLandUse[0]!.values).toHaveProperty('NUPkg/ha');
    expect(n.avgAnnualByLandUse[0]!.values).not.toHaveProperty('PUPkg/ha');
    const p = r.phosphorusCycle;
    expect(p.initialMinP).toBe(3622.463);
    expect(p.plantUptake).toBe(20.217);
    expect(p.warnings).toEqual([]); // −2.9 % mineral P, +4.1 % organic P, uptake 4.6× fertilizer
    const g = r.plantGrowth;
    expect(g).toMatchObject({ waterStressDays: 2.03, tempStressDays: 9.55, nStressDays: 42.88, pStressDays: 0.14 });
    expect(g.warnings).toContain('Unusually low phosphorus stress (< 1 day).');
    const l = r.landscapeNutrientLosses;
    expect(l.nLosses.totalLoss).toBeCloseTo(5.838 + 1.45 + 0.523 + 16.832 + 0.135, 10);
    expect(l.nLosses.solubilityRatio).toBeCloseTo(1.45 / (5.838 + 1.45), 12);
    expect(l.pLosses.solubilityRatio).toBeCloseTo(0.104 / (0.944 + 0.104), 12);
    expect(l.warnings.some((w) => w.startsWith('Nitrate leaching is more than 38%'))).toBe(true); // 16.832/34.4 = 48.9 %
    expect(l.warnings.some((w) => w.startsWith('Solubility ratio of phosphorus in runoff is low'))).toBe(true);
  });

  it('sediment and in-stream processes from output.rch', () => {
    expect(r.sediment.avgUplandSedimentYield).toBe(5.369);
    expect(r.sediment.maxUplandSedimentYield).toBe(Math.max(...inputs.std.hruAverages.map((x) => x.values['SEDth']!)));
    const ip = r.instreamProcesses;
    expect(ip.reaches.map((x) => x.id)).toEqual([1, 2, 3]);
    const rch = inputs.rch!;
    // reach 3 nitrogen out/in over the yearly rows
    let nin = 0;
    let nout = 0;
    for (let i = 0; i < rch.rowCount; i++) {
      if (rch.unit[i] !== 3 || rch.period[i] !== 'year') continue;
      for (const s of ['NO3', 'NH4', 'NO2', 'ORGN']) {
        nin += rch.columns[`${s}_INkg`]![i]!;
        nout += rch.columns[`${s}_OUTkg`]![i]!;
      }
    }
    expect(ip.reaches[2]!.nitrogen).toBeCloseTo((nout / nin) * 100, 8);
    expect(ip.budgets.uplandSedimentYield).toBe(5.369);
    expect(ip.budgets.evaporationLoss!).toBeGreaterThan(0);
    expect(ip.budgets.totalStreamflowLosses).toBeCloseTo(ip.budgets.evaporationLoss! + ip.budgets.seepageLoss!, 12);
  });

  it('no hyd.out: subbasin loads from output.sub; no reservoirs', () => {
    expect(r.pointSources.source).toBe('output.sub');
    // subbasin sediment delivery ≈ basin sediment loading × area (5.369 t/ha × 2196.3 ha)
    expect(r.pointSources.subbasinLoad.sediment!).toBeCloseTo(5.369 * 2196.3, -1);
    expect(r.pointSources.warnings[0]).toMatch(/hyd.out not found/);
    expect(r.reservoirs.reservoirRows).toEqual([]);
  });

  it('monthly print of the same run gives the same results', () => {
    const m = swatCheck(loadCheckInputs(LREW('monthly'), TXTINOUT));
    expect(m.setup.outputTimestep).toBe('monthly');
    expect(m.hydrology.precipitation).toBe(r.hydrology.precipitation);
    for (let k = 0; k < 3; k++) {
      expect(m.instreamProcesses.reaches[k]!.nitrogen!).toBeCloseTo(r.instreamProcesses.reaches[k]!.nitrogen!, 1);
      expect(m.instreamProcesses.reaches[k]!.phosphorus!).toBeCloseTo(r.instreamProcesses.reaches[k]!.phosphorus!, 1);
    }
    expect(m.instreamProcesses.budgets.evaporationLoss!).toBeCloseTo(r.instreamProcesses.budgets.evaporationLoss!, 2);
  });

  it('one subbasin: water balance from output.sub, HRUs and reach of that subbasin', () => {
    const s = swatCheck(inputs, { subbasin: 1 });
    expect(s.setup.subbasin).toBe(1);
    expect(s.setup.hrus).toBe(41);
    expect(s.setup.watershedArea).toBeCloseTo(8.7822, 4);
    // every HRU of subbasin 1 reports the subbasin's precipitation (1115.49 mm) in output.std
    expect(s.hydrology.precipitation!).toBeCloseTo(1115.49, 1);
    expect(s.instreamProcesses.reaches.map((x) => x.id)).toEqual([1]);
    expect(s.landUseSummary.landUseRows.reduce((a, x) => a + x.hrus, 0)).toBe(41);
    expect(s.plantGrowth.waterStressDays).not.toBeNull(); // HRUs 1-20 printed in output.hru? (yearly: all 134)
    expect(s.nitrogenCycle.denitrification).not.toBeNull();
    expect(() => swatCheck(inputs, { subbasin: 9 })).toThrow(/subbasin 9 is not in this run/);
  });
});

describe('SWAT Check on the HAWQS rev 670 export (point sources, reservoirs)', () => {
  const dir = fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset');
  const inputs = loadCheckInputs(dir);
  const r = swatCheck(inputs);

  it('reads hyd.out', () => {
    const hyd = parseHydOut(readFileSync(`${dir}/hyd.out`, 'latin1'));
    expect(hyd.filter((l) => l.icode === 1)).toHaveLength(8);
    const ps = hyd.filter((l) => l.icode === 11);
    expect(ps.map((l) => l.name)).toContain('2p');
    expect(hyd.find((l) => l.icode === 11 && l.name === '1p')!.flowM3).toBe(0.1624e8);
  });

  it('point sources: loads per year and their share', () => {
    const hyd = inputs.hydOut!;
    const years = 5;
    const psFlow = hyd.filter((l) => [6, 7, 8, 10, 11].includes(l.icode)).reduce((s, l) => s + l.flowM3, 0) / years / (86400 * 365.25);
    const subFlow = hyd.filter((l) => l.icode === 1).reduce((s, l) => s + l.flowM3, 0) / years / (86400 * 365.25);
    expect(r.pointSources.source).toBe('hyd.out');
    expect(r.pointSources.pointSourceInletLoad.flow).toBeCloseTo(psFlow, 10);
    expect(r.pointSources.subbasinLoad.flow).toBeCloseTo(subFlow, 10);
    expect(r.pointSources.fromInletAndPointSource.flow).toBeCloseTo((psFlow / (psFlow + subFlow)) * 100, 10);
    expect(r.pointSources.fromInletAndPointSource.nitrogen!).toBeGreaterThan(20);
    expect(r.pointSources.warnings).toContain('Inlets/point sources contribute more than 20% of the total nitrogen.');
  });

  it('reservoirs from hyd.out routing (no output.rsv)', () => {
    expect(r.reservoirs.source).toBe('hyd.out');
    expect(r.reservoirs.reservoirRows.map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const res1 = inputs.hydOut!.find((l) => l.icode === 3 && l.inum1 === 1)!;
    const in1 = inputs.hydOut!.find((l) => l.ihout === res1.inum2)!;
    const nIn = in1.orgNKg + in1.no3Kg;
    expect(r.reservoirs.reservoirRows[0]!.nitrogen).toBeCloseTo(((nIn - (res1.orgNKg + res1.no3Kg)) / nIn) * 100, 10);
    expect(r.reservoirs.warnings[0]).toMatch(/output.rsv not found/);
  });

  it('setup, land uses from 807 .hru files, no output.rch', () => {
    expect(r.setup).toMatchObject({ swatRev: 670, simulationLength: 5, warmUp: 2, hrus: 807, subbasins: 8, outputTimestep: 'daily' });
    expect(inputs.landUseSource).toBe('hru-files');
    expect(inputs.landUse.size).toBe(807);
    expect(r.instreamProcesses.warnings[0]).toMatch(/output.rch not found/);
    expect(r.hydrology.warnings.some((w) => w.startsWith('Surface runoff ratio may be high'))).toBe(true); // 0.91 of total flow
  });
});

describe('output.rsv reader and reservoir rules', () => {
  // A small output.rsv in SWAT's layout: 2 reservoirs, monthly print (2 years), one running dry.
  const header = '           RES  MON    VOLUMEm3  FLOW_INcms FLOW_OUTcms    PRECIPm3      EVAPm3   SEEPAGEm3  SED_INtons SED_OUTtons   ORGN_INkg  ORGN_OUTkg   ORGP_INkg  ORGP_OUTkg    NO3_INkg   NO3_OUTkg    MINP_INkg  MINP_OUTkg';
  const fmt = (v: number) => v.toExponential(4).replace(/e([+-])(\d)$/, 'E$10$2').padStart(12);
  const lines = ['1', ' SWAT', '', ' t1', ' t2', ' t3', '', '', header];
  for (let y = 0; y < 2; y++) {
    for (let m = 1; m <= 12; m++) {
      lines.push(`RES   ${String(1).padStart(5)}${String(m).padStart(5)}` + [1000 - y * 100, 2, 1.8, 0, 10, 5, 100, 40, 50, 30, 10, 4, 20, 15, 8, 5].map(fmt).join(''));
      lines.push(`RES   ${String(2).padStart(5)}${String(m).padStart(5)}` + [y === 1 && m > 6 ? 0 : 500, 1, 1, 0, 2, 1, 10, 9.9, 5, 5, 1, 1, 2, 2, 1, 1].map(fmt).join(''));
    }
  }
  const rsv = parseOutputRsv(lines.join('\n'), 0, 2001);

  it('parses rows with years resolved from the month counter', () => {
    expect(rsv).toHaveLength(48);
    expect(rsv[0]).toMatchObject({ res: 1, mon: 1, year: 2001, period: 'month' });
    expect(rsv[47]).toMatchObject({ res: 2, mon: 12, year: 2002 });
    expect(rsv[0]!.values['SED_INtons']).toBe(100);
  });

  it('computes trapping, volume trends and warnings', () => {
    const base = loadCheckInputs(LREW('yearly'), TXTINOUT);
    const inputs: CheckInputs = { ...base, rsv, cio: { ...base.cio, iprint: 0 } };
    const res = swatCheck(inputs).reservoirs;
    expect(res.source).toBe('output.rsv');
    expect(res.reservoirRows[0]).toMatchObject({ id: 1, sediment: 60, volumeRatio: 0.9 });
    expect(res.reservoirRows[0]!.nitrogen).toBeCloseTo(((50 + 20 - 30 - 15) / 70) * 100, 10);
    expect(res.reservoirRows[1]!.fractionEmpty).toBeCloseTo(6 / 24, 12);
    expect(res.averages.trends.numberReservoirs).toBe(2);
    expect(res.warnings.some((w) => w.includes('became completely dry'))).toBe(true);
    expect(res.warnings.some((w) => w.startsWith('Sediment trapping efficiency is less than 40% at reservoir(s) 2'))).toBe(true);
  });
});

describe('bad input', () => {
  it('a folder without output.std', () => {
    expect(() => loadCheckInputs(fixturePath('lrew_swat2012', 'TxtInOut'))).toThrow(/no output.std/);
    expect(() => loadCheckInputs('/nonexistent/folder')).toThrow(/not a folder/);
  });
});
