import { describe, expect, it } from 'vitest';
import {
  checkDocument,
  checkTier,
  copyName,
  defaultProjectName,
  defaultTarget,
  fixed,
  hruPayload,
  parseBounds,
  scenarioSummary,
  switchUnits,
  validateHruForm,
  type HruForm,
} from '../src/logic.ts';

const form: HruForm = { method: 'target', targetThreshold: 101, areaThreshold: 1, landuseThreshold: 0, soilThreshold: 0, slopeThreshold: 0, units: 'km2', exemptLanduse: ['WATR'], noAreaRedistribution: [] };
const little = { numSubbasins: 3, numOriginalHrus: 134, totalLandArea: 21.9 };

describe('project names (spec 1 §5; the rule itself is the SDK’s validateName)', () => {
  it('defaults to the dataset text, a dash and the ending subbasin; copies add (Copy)', () => {
    expect(defaultProjectName('Little River Experimental Watershed (GA)', '3')).toBe('Little River Experimental Watershed (GA) - 3');
    expect(copyName('LREW')).toBe('LREW (Copy)');
  });
});

describe('tier limits on creation', () => {
  it('blocks over the subbasin limit, warns over the HRU limit, 0 is unlimited', () => {
    expect(checkTier({ numSubbasins: 3, numHrus: 134 }, { subbasinLimit: 0, hruLimit: 0 })).toEqual({ blocked: false, hruWarning: false });
    expect(checkTier({ numSubbasins: 30, numHrus: 134 }, { subbasinLimit: 20, hruLimit: 0 })).toEqual({ blocked: true, hruWarning: false });
    expect(checkTier({ numSubbasins: 3, numHrus: 134 }, { subbasinLimit: 20, hruLimit: 100 })).toEqual({ blocked: false, hruWarning: true });
    // More subbasins than HRUs allowed: no reduction can bring it under (one HRU per subbasin).
    expect(checkTier({ numSubbasins: 150, numHrus: 2000 }, { subbasinLimit: 0, hruLimit: 100 })).toEqual({ blocked: true, hruWarning: false });
  });
});

describe('HRU setting (spec 1 §5, §9)', () => {
  it('defaults the target to 75 % of the original HRUs, rounded up, within range', () => {
    expect(defaultTarget(134, 3)).toBe(101);
    expect(defaultTarget(3, 3)).toBe(3);
  });
  it('validates the target range and thresholds above 0', () => {
    expect(validateHruForm(form, little)).toEqual({});
    expect(validateHruForm({ ...form, targetThreshold: 2 }, little).targetThreshold).toMatch(/from 3 to 134/);
    expect(validateHruForm({ ...form, method: 'area', areaThreshold: 0 }, little).areaThreshold).toBe('You must enter a threshold greater than 0.');
    expect(validateHruForm({ ...form, method: 'area', areaThreshold: 30 }, little).areaThreshold).toMatch(/from 0 to 21.9/);
    expect(validateHruForm({ ...form, method: 'area', units: 'percent', areaThreshold: 30 }, little)).toEqual({});
    expect(validateHruForm({ ...form, method: 'percent', landuseThreshold: 5 }, little)).toEqual({ soilThreshold: 'You must enter a threshold greater than 0.', slopeThreshold: 'You must enter a threshold greater than 0.' });
    expect(validateHruForm({ ...form, method: 'percent', landuseThreshold: 5, soilThreshold: 10, slopeThreshold: 0.25 }, little)).toEqual({});
    expect(validateHruForm({ ...form, method: 'percent', landuseThreshold: 101, soilThreshold: 10, slopeThreshold: 1 }, little).landuseThreshold).toMatch(/0 to 100/);
  });
  it('switching to percent resets values above 100 to 0', () => {
    expect(switchUnits({ ...form, method: 'area', areaThreshold: 150 }, 'percent').areaThreshold).toBe(0);
    expect(switchUnits({ ...form, method: 'area', areaThreshold: 12.5 }, 'percent').areaThreshold).toBe(12.5);
    expect(switchUnits({ ...form, method: 'area', units: 'percent', areaThreshold: 12.5 }, 'km2')).toMatchObject({ units: 'km2', areaThreshold: 12.5 });
  });
  it('sends the spec HRU form', () => {
    expect(hruPayload(7, form)).toEqual({ projectID: 7, method: 'target', targetThreshold: 101, landuseThreshold: null, soilThreshold: null, slopeThreshold: null, exemptLanduse: ['WATR'], noAreaRedistribution: [], units: 'km2' });
    expect(hruPayload(7, { ...form, method: 'area', areaThreshold: 0.75 }).targetThreshold).toBe(0.75);
  });
  it('formats HRU numbers as the spec says', () => {
    expect(fixed(0.123456789, 5)).toBe('0.12346');
    expect(fixed(null, 2)).toBe('');
  });
});

describe('documents', () => {
  it('checks type, size and count', () => {
    expect(checkDocument({ name: 'report.pdf', size: 10 }, 0)).toBeNull();
    expect(checkDocument({ name: 'a.PNG', size: 10 }, 9)).toBeNull();
    expect(checkDocument({ name: 'run.exe', size: 10 }, 0)).toMatch(/not accepted/);
    expect(checkDocument({ name: 'big.zip', size: 51 * 1024 * 1024 }, 0)).toMatch(/50 MB/);
    expect(checkDocument({ name: 'a.pdf', size: 1 }, 10)).toMatch(/delete one to upload more/);
  });
});

describe('map helpers', () => {
  it('reads bounds in the shapes the API may use', () => {
    expect(parseBounds([-83.72, 31.7, -83.62, 31.8])).toEqual([-83.72, 31.7, -83.62, 31.8]);
    expect(parseBounds([[31.7, -83.72], [31.8, -83.62]])).toEqual([-83.72, 31.7, -83.62, 31.8]);
    expect(parseBounds({ minLat: 31.7, maxLat: 31.8, minLon: -83.72, maxLon: -83.62 })).toEqual([-83.72, 31.7, -83.62, 31.8]);
    expect(parseBounds(null)).toBeUndefined();
  });
  it('summarises scenarios: running, last ran, else modified', () => {
    expect(scenarioSummary({ id: 1, name: 'a', isRunning: true })).toEqual({ running: true, text: 'Running' });
    expect(scenarioSummary({ id: 1, name: 'a', hasRun: true, lastRunDate: '2026-01-02T10:00:00Z' }).text).toMatch(/^Last ran/);
    expect(scenarioSummary({ id: 1, name: 'a', lastModifiedDate: '2026-01-02T10:00:00Z' }).text).toMatch(/^Modified/);
  });
});
