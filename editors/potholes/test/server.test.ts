// The pothole editor: its messages (spec 2 §3 ranges) and `apply` on the LREW TxtInOut.
import { SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, hruKeys } from '@headwater/plugin-sdk/server/testing';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { formatHru, parseHru, readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import { describe, expect, it } from 'vitest';
import server from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { POTHOLE_VARIABLES, schema, type PotholesChange } from '../src/schema.ts';

const apply = (p: SwatProject, changes: Parameters<typeof applyContext<PotholesChange>>[1]) => server.editor.apply(applyContext<PotholesChange>(p, changes));
const hrus = (p: SwatProject) => p.subbasins.flatMap((s) => s.hrus.map((h) => ({ subbasin: s.number, ...hruKeys(h), hru: h.hru! as unknown as Record<string, number> })));

describe('the Potholes change', () => {
  it('has the nine variables of spec 2 §3 with their ranges', () => {
    expect(POTHOLE_VARIABLES.map((v) => [v.name, v.min, v.max])).toEqual([
      ['POT_FR', 0, 1], ['POT_TILE', 0, 100], ['POT_VOLX', 0, 100], ['POT_VOL', 0, 100], ['SED_CON', 0, 5000],
      ['ORGN_CON', 0, 100], ['ORGP_CON', 0, 50], ['SOLN_CON', 0, 10], ['SOLP_CON', 0, 3],
    ]);
  });

  it('requires every variable in the form, checks only the sent ones on save, in the spec wording', () => {
    expect(validateChange(schema, {})).toEqual(Object.fromEntries(POTHOLE_VARIABLES.map((v) => [v.name, ['Required']])));
    expect(validateChange(schema, { POT_FR: 0.3, POT_VOLX: 50 }, { partial: true })).toEqual({});
    expect(validateChange(schema, { POT_FR: 1.5 }, { partial: true })).toEqual({ POT_FR: ['Must be between 0 and 1'] });
    expect(validateChange(schema, { SOLP_CON: 4 }, { partial: true })).toEqual({ SOLP_CON: ['Must be between 0 and 3'] });
    expect(validateChange(schema, { SED_CON: -1 }, { partial: true })).toEqual({ SED_CON: ['Must be between 0 and 5000'] });
    expect(validateChange(schema, { POT_VOL: 'a' }, { partial: true })).toEqual({ POT_VOL: [expect.any(String)] });
  });

  it('serves its page, selects HRUs, saves through the subbasin call', () => {
    expect(plugin.editor).toMatchObject({ modTable: 'Potholes', selection: 'hru', saveUrl: SUBBASIN_SAVE_URL, route: '/projects/:id/scenarios/:scenarioID/potholes' });
    expect(server.routes?.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/subbasin/potholes/:scenarioID']);
    expect(server.editor.describe!({ POT_FR: 0.3, POT_VOLX: 50 })).toBe('POT_FR=0.3, POT_VOLX=50');
  });
});

describe('apply on the LREW TxtInOut (134 HRUs)', () => {
  it('writes the sent variables into the selected HRUs\' .hru only; a later change wins', async () => {
    const p = await readTxtInOut(fixtureProject('lrew_swat2012'), { weather: false });
    const all = hrus(p);
    expect(all).toHaveLength(134);
    expect(all.every((h) => h.hru.POT_FR === 0)).toBe(true);
    await apply(p, [
      { id: 1, landuses: ['AGRL'], modificationObject: { POT_FR: 0.3, POT_VOLX: 50, POT_TILE: 2 } },
      { id: 2, subbasins: [1], landuses: ['AGRL'], modificationObject: { POT_FR: 0.5 } },
    ]);
    for (const h of all) {
      if (h.landuse !== 'AGRL') expect(h.hru.POT_FR).toBe(0);
      else {
        expect(h.hru.POT_FR).toBe(h.subbasin === 1 ? 0.5 : 0.3);
        expect([h.hru.POT_VOLX, h.hru.POT_TILE]).toEqual([50, 2]);
      }
    }
    // SWAT reads it back from the written .hru
    const agrl = all.find((h) => h.landuse === 'AGRL' && h.subbasin === 2)!;
    const back = parseHru(formatHru(agrl.hru as never)) as unknown as Record<string, number>;
    expect([back.POT_FR, back.POT_VOLX, back.POT_TILE]).toEqual([0.3, 50, 2]);
  });

  it('never writes a value out of its range (a hand-edited row)', async () => {
    const p = await readTxtInOut(fixtureProject('lrew_swat2012'), { weather: false });
    await apply(p, [{ applyToAll: true, modificationObject: { POT_FR: 2, SED_CON: 100 } }]);
    expect(hrus(p).every((h) => h.hru.POT_FR === 0 && h.hru.SED_CON === 100)).toBe(true);
  });
});
