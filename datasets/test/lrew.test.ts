// The shipped demo dataset (datasets/lrew): what the converter wrote, checked without ../shared.
import { describe, expect, it } from 'vitest';
import { demoDataset, demoDatasetDir, readDatasetDir } from '../src/index.ts';
import { parseObservedCsv } from '../src/format.ts';
import { areaKm2, pointInGeometry } from '../src/geo.ts';

const files = readDatasetDir(demoDatasetDir());

describe('the LREW demo dataset', () => {
  it('has 3 subbasins routed to subbasin 3 and 134 HRUs', () => {
    expect(files.subbasins.features.map((f) => [f.properties.name, f.properties.downstream])).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', null],
    ]);
    expect(files.hrus.length).toBe(134);
    expect(files.descriptor.endingSubbasin).toBe('3');
    expect(demoDataset().attribution).toContain('Bosch et al. 2007');
  });

  it('keeps the SWAT inputs of every HRU, subbasin and soil', () => {
    for (const h of files.hrus) expect(files.swat.hrus[h.gisId], h.gisId).toMatchObject({ hru: { HRU_FR: h.fraction }, mgt: { CN2: h.cn2 } });
    for (const s of files.subbasins.features) expect(files.swat.subbasins[s.properties.name]!.sub).toMatchObject({ SUB_KM: s.properties.area });
    for (const s of files.descriptor.soils!) expect(files.swat.soils[s.name]!.sol).toMatchObject({ SNAM: s.name, HYDGRP: s.hydGroup });
    expect(files.swat.dataset.bsn).toBeTruthy();
  });

  it('has polygons matching the SWAT areas, an outline, and weather 2000–2012', () => {
    for (const f of files.subbasins.features) expect(Math.abs(areaKm2(f.geometry) - f.properties.area) / f.properties.area).toBeLessThan(0.02);
    const outline = files.outline.features[0]!.geometry;
    const total = files.subbasins.features.reduce((a, f) => a + f.properties.area, 0);
    expect(Math.abs(areaKm2(outline) - total) / total).toBeLessThan(0.02);
    const b = files.descriptor.bounds;
    const gauge = files.descriptor.calibrations![0]!.sites[0]!;
    expect(gauge.lon).toBeGreaterThan(b.minLon);
    expect(gauge.lon).toBeLessThan(b.maxLon);
    expect(pointInGeometry(-100, 40, outline)).toBe(false);
    const w = files.descriptor.weather![0]!;
    expect([w.startDate, w.endDate]).toEqual(['2000-01-01', '2012-12-31']);
  });

  it('carries the gauge\'s whole observed daily discharge record (1968–2012) for FLOW_OUT of the outlet reach', () => {
    const c = files.descriptor.calibrations![0]!;
    expect(c.endingSubbasin).toBe('3');
    const o = c.sites[0]!.observed![0]!;
    expect(o).toMatchObject({ variable: 'FLOW_OUT', outputType: 'OutputRch', units: 'm³/s' });
    const csv = parseObservedCsv(files.observedCsv[o.file]!);
    const q = csv.columns.get(o.column)!;
    expect([csv.startDate, csv.numDays]).toEqual(['1968-01-01', 16437]);
    expect([q[0], q[1]].map((x) => Math.round(x * 100) / 100)).toEqual([0.16, 0.57]);
    // the 2000–2012 mean the site's data rows state
    const from = Math.round((Date.UTC(2000, 0, 1) - Date.UTC(1968, 0, 1)) / 86_400_000);
    let sum = 0;
    for (let i = from; i < q.length; i++) sum += q[i]!;
    const stated = c.sites[0]!.data.find((d) => d.name === 'Mean discharge 2000–2012')!.value;
    expect(`${(sum / (q.length - from)).toFixed(3)} m³/s`).toBe(stated);
  });
});
