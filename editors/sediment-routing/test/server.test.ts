// The sediment routing editor: its messages, its page call and `apply` on the LREW TxtInOut (the
// repository's fixture) and on the SDK's tiny assembled project.
import { SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import { describe, expect, it } from 'vitest';
import server from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { CH_EQN_OPTIONS, NOT_AN_OPTION, schema, type RteChEqnChange } from '../src/schema.ts';

const apply = (p: SwatProject, changes: Parameters<typeof applyContext<RteChEqnChange>>[1]) => server.editor.apply(applyContext<RteChEqnChange>(p, changes));
const chEqn = (p: SwatProject) => Object.fromEntries(p.reaches.map((r) => [r.number, r.rte!.CH_EQN]));

describe('the RteChEqn change', () => {
  it('accepts the five CH_EQN options of spec 2 §9 and names anything else', () => {
    expect(CH_EQN_OPTIONS.map((o) => `${o.value} ${o.label}`)).toEqual([
      '0 Simplified Bagnold (default)', '1 Bagnold by particle size', '2 Kodatie', '3 Molinas and Wu', '4 Yang sand and gravel',
    ]);
    for (const value of [0, 1, 2, 3, 4]) expect(validateChange(schema, { value })).toEqual({});
    expect(validateChange(schema, {})).toEqual({ value: ['Required'] });
    expect(validateChange(schema, { value: 5 })).toEqual({ value: [NOT_AN_OPTION] });
    expect(validateChange(schema, { value: 1.5 }).value).toContain(NOT_AN_OPTION);
    expect(validateChange(schema, { value: 7 }, { partial: true })).toEqual({ value: [NOT_AN_OPTION] });
  });

  it('serves its page at the route, selects subbasins only, saves through the subbasin call', () => {
    expect(plugin.editor).toMatchObject({ modTable: 'RteChEqn', selection: 'subbasin', saveUrl: SUBBASIN_SAVE_URL, route: '/projects/:id/scenarios/:scenarioID/sediment-routing' });
    expect(server.routes?.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/subbasin/sedimentrouting/:scenarioID']);
    expect(server.editor.describe!({ value: 2 })).toBe('2 Kodatie');
  });
});

describe('apply on the LREW TxtInOut (3 reaches)', () => {
  it('writes CH_EQN into the .rte of the selected subbasins only; a later change wins', async () => {
    const p = await readTxtInOut(fixtureProject('lrew_swat2012'), { weather: false });
    expect(chEqn(p)).toEqual({ 1: 0, 2: 0, 3: 0 });
    await apply(p, [{ id: 1, applyToAll: true, modificationObject: { value: 3 } }, { id: 2, subbasins: [2], modificationObject: { value: 4 } }]);
    expect(chEqn(p)).toEqual({ 1: 3, 2: 4, 3: 3 });
    // the written .rte says it
    const { formatRte } = await import('@headwater/swat/txtinout/index.ts');
    expect(formatRte(p.reaches.find((r) => r.number === 2)!.rte!)).toMatch(/^\s+4\s+\| CH_EQN/m);
  });

  it('ignores a code outside the list (a hand-edited row)', async () => {
    const p = await readTxtInOut(fixtureProject('lrew_swat2012'), { weather: false });
    await apply(p, [{ applyToAll: true, modificationObject: { value: 9 } }]);
    expect(chEqn(p)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });

  it('changes the tiny assembled project\'s reach', async () => {
    const p = tinyProject();
    await apply(p, [{ applyToAll: true, modificationObject: { value: 2 } }]);
    expect(p.reaches.every((r) => r.rte!.CH_EQN === 2)).toBe(true);
  });
});
