// The Calibration editor: the option's changes (V value, A amount added, % percentage of baseline)
// written into the LREW TxtInOut, the page's answer, and the shipped demo option's shape.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateChange, type ScenarioCalibrations } from '@headwater/plugin-sdk/server';
import { applyContext, hruKeys } from '@headwater/plugin-sdk/server/testing';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import { describe, expect, it } from 'vitest';
import server, { calibrationAnswer } from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { changed, modProblems, type CalibrationMod, type CalibrationOption } from '../src/mods.ts';
import { schema, type CalibrationChange } from '../src/schema.ts';

const LREW = fixtureProject('lrew_swat2012');
const apply = (p: SwatProject, mods: CalibrationMod[]) => server.editor.apply(applyContext<CalibrationChange>(p, [{ applyToAll: true, modificationObject: { customCalibrationID: 1, name: 'x', mods } }]));
const hrus = (p: SwatProject) => p.subbasins.flatMap((s) => s.hrus.map((h) => ({ subbasin: s.number, ...hruKeys(h), h })));
// the demo dataset's shipped option (datasets/lrew/dataset.json)
const demo = JSON.parse(readFileSync(join(import.meta.dirname, '../../../datasets/lrew/dataset.json'), 'utf8')).calibrations[0].option as CalibrationOption;

describe('calibration changes', () => {
  it('V sets, A adds, % changes by a percentage of the baseline; SWAT\'s limits hold', () => {
    expect(changed(0.95, 'V', 0.5, 'ESCO')).toBe(0.5);
    expect(changed(31, 'A', 10, 'GW_DELAY')).toBe(41);
    expect(changed(77, '%', -10, 'CN2')).toBe(69.3);
    expect(changed(92, '%', 10, 'CN2')).toBe(98);
    expect(changed(0.1, 'A', -1, 'ALPHA_BF')).toBe(0);
  });

  it('checks an option\'s changes', () => {
    expect(modProblems([{ file: 'gw', variable: 'GWQMN', type: 'V', value: 10 }])).toEqual([]);
    expect(modProblems([{ file: 'xyz', variable: 'gwqmn', type: 'Q', value: 'a' }])).toHaveLength(4);
    expect(validateChange(schema, { customCalibrationID: 1, mods: [{ file: 'gw', variable: 'GWQMN', type: 'V', value: 10 }] })).toEqual({});
    expect(Object.keys(validateChange(schema, { customCalibrationID: 1, mods: [{ file: 'gw', variable: 'GWQMN', type: 'X', value: 10 }] }))).not.toHaveLength(0);
  });

  it('writes each change into the files it names on the LREW TxtInOut', async () => {
    const p = await readTxtInOut(LREW, { weather: false });
    const before = structuredClone(p);
    await apply(p, [
      { file: 'mgt', variable: 'CN2', type: '%', value: -10, landuses: ['AGRL'] },
      { file: 'gw', variable: 'GW_DELAY', type: 'A', value: 5 },
      { file: 'hru', variable: 'ESCO', type: 'V', value: 0.8, subbasins: [2] },
      { file: 'bsn', variable: 'SURLAG', type: 'V', value: 1.5 },
      { file: 'rte', variable: 'CH_K2', type: 'V', value: 5 },
      { file: 'sol', variable: 'SOL_AWC', type: '%', value: 10 },
    ]);
    const was = hrus(before);
    hrus(p).forEach(({ h, landuse, subbasin }, i) => {
      const b = was[i]!.h;
      expect(h.mgt!.CN2).toBe(landuse === 'AGRL' ? changed(b.mgt!.CN2, '%', -10, 'CN2') : b.mgt!.CN2);
      expect(h.gw!.GW_DELAY).toBe(b.gw!.GW_DELAY + 5);
      expect(h.hru!.ESCO).toBe(subbasin === 2 ? 0.8 : b.hru!.ESCO);
      h.sol!.layers.forEach((l, k) => expect(l.SOL_AWC).toBe(changed(b.sol!.layers[k]!.SOL_AWC, '%', 10, 'SOL_AWC')));
    });
    expect(hrus(p).filter((x) => x.landuse === 'AGRL')).toHaveLength(22);
    expect(p.bsn.SURLAG).toBe(1.5);
    expect(p.reaches.map((r) => r.rte!.CH_K2)).toEqual([5, 5, 5]);
  });

  it('ships a valid demo option made by the repository\'s script, with its goodness of fit', () => {
    expect(modProblems(demo.mods)).toEqual([]);
    expect(demo.mods.map((m) => m.variable)).toEqual(['CN2', 'ESCO', 'ALPHA_BF', 'GW_DELAY', 'GWQMN', 'GW_REVAP', 'SURLAG', 'CH_K2']);
    expect(demo.source).toMatch(/^datasets\/scripts\/calibrate-lrew\.ts/);
    const fit = demo.fit as { calibration: { before: { nse: number }; after: { nse: number } } };
    expect(fit.calibration.after.nse).toBeGreaterThan(fit.calibration.before.nse);
  });
});

describe('the page', () => {
  const data: ScenarioCalibrations = {
    pageText: '<p>About calibration</p>',
    calibrations: [
      { id: 7, name: 'Little River at gauge J (GA)', description: '', group: 'USDA-ARS', option: demo, locationPoints: [{ number: 'J', name: 'gauge J', isUsgsSite: false, lat: 31.69, lng: -83.7, data: [] }] },
      { id: 8, name: 'No option here', description: '', group: 'USDA-ARS', option: null, locationPoints: [] },
    ],
  };

  it('answers the options with their changes, watersheds, location points and page text', () => {
    const a = calibrationAnswer(data, []);
    expect(a).toMatchObject({ ignoreCalibration: true, customCalibrationID: null, hasCalibrationData: true, pageText: '<p>About calibration</p>' });
    expect(a.calibrationOptions).toEqual([{ value: 7, text: demo.name }]);
    expect(a.calibrationData[7]).toMatchObject({ name: demo.name, mods: demo.mods, percentColumns: ['CN2'], addColumns: [] });
    expect(a.watersheds.map((w) => [w.id, w.hasOption])).toEqual([[7, true], [8, false]]);
    expect(a.locationPoints).toEqual([expect.objectContaining({ number: 'J', calibrationID: 7 })]);
    const chosen = calibrationAnswer(data, [{ id: 3, modificationObject: { customCalibrationID: 7, name: demo.name, mods: demo.mods } }]);
    expect(chosen).toMatchObject({ ignoreCalibration: false, customCalibrationID: 7, changes: { hasChanges: true, modID: 3 } });
    expect(calibrationAnswer({ pageText: '', calibrations: [data.calibrations[1]!] }, []).hasCalibrationData).toBe(false);
  });

  it('is a custom page in the editor frame with its GET and POST', () => {
    expect(plugin.editor).toMatchObject({ modTable: 'Calibration', selection: 'none', mode: 'custom', route: '/projects/:id/scenarios/:scenarioID/calibration' });
    expect(server.routes?.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/general/calibration/:scenarioID', 'POST /scenarios/general/calibration/:scenarioID']);
  });
});
