// Climate sensitivity's own behaviour: the spec's ranges and messages (spec 2 §5), what is sent
// (TMPINC only when not zero), and `apply` writing RFINC/TMPINC of the chosen months into the
// chosen subbasins' .sub files (the demo dataset's subbasin, and SWAT's LREW TxtInOut).
import { resolve } from 'node:path';
import { saveBody, selectionProblem } from '@headwater/plugin-sdk/schema';
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject, type TestChange } from '@headwater/plugin-sdk/server/testing';
import { formatSub, parseSub, readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import { describe, expect, it } from 'vitest';
import server from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { describeClimate, schema, toModificationObject, type ClimateChange } from '../src/schema.ts';
import { fixtureProject } from '@headwater/swat/test-fixtures';

// SWAT's own LREW inputs, unpacked from the repository's fixture (swat/test/fixtures).
const LREW = fixtureProject('lrew_swat2012');
const zeros = () => Array(12).fill(0);

describe('climate sensitivity schema', () => {
  it("says 'Required' and the spec's ranges: rainfall -100..100 %, temperature -20..20 °C", () => {
    expect(validateChange(schema, { RFINC: 20, TMPINC: 3 })).toEqual({});
    expect(validateChange(schema, { RFINC: -100, TMPINC: 20 })).toEqual({});
    expect(validateChange(schema, {})).toEqual({ RFINC: ['Required'], TMPINC: ['Required'] });
    expect(validateChange(schema, { RFINC: 100.5, TMPINC: -21 })).toEqual({ RFINC: ['Must be between -100 and 100'], TMPINC: ['Must be between -20 and 20'] });
    // platform-api checks the change as sent
    expect(validateChange(schema, { RFINC: 150 }, { partial: true })).toEqual({ RFINC: ['Must be between -100 and 100'] });
    expect(validateChange(schema, { RFINC: 10 }, { partial: true })).toEqual({});
  });

  it('sends RFINC, and TMPINC only when it is not zero', () => {
    expect(toModificationObject({ RFINC: 20 }, { RFINC: 20, TMPINC: 0 })).toEqual({ RFINC: 20 });
    expect(toModificationObject({ TMPINC: 3 }, { RFINC: 0, TMPINC: 3 })).toEqual({ RFINC: 0, TMPINC: 3 });
    expect(toModificationObject({ TMPINC: -2.5 }, { RFINC: '-10', TMPINC: -2.5 })).toEqual({ RFINC: -10, TMPINC: -2.5 });
  });

  it('takes subbasins (or all) and months, with sliders, and describes a change', () => {
    expect(plugin.editor).toMatchObject({ selection: 'subbasin-months', route: '/projects/:id/scenarios/:scenarioID/climate-sensitivity', saveUrl: 'scenarios/savemods/{scenarioID}/{modTable}' });
    expect(plugin.editor.uiSchema).toMatchObject({ RFINC: { 'ui:widget': 'sliderNumber' }, TMPINC: { 'ui:widget': 'sliderNumber' } });
    const none = { applyToAll: false, subbasins: [], landuses: [], soils: [], slopes: [], months: [] };
    expect(selectionProblem('subbasin-months', none)).toBe('Select at least one subbasin');
    expect(selectionProblem('subbasin-months', { ...none, subbasins: [3] })).toBe('Select at least one month');
    expect(saveBody('subbasin-months', { ...none, subbasins: [3], months: [7, 6] }, { RFINC: 20 })).toMatchObject({ subbasins: [3], months: [6, 7], modificationObject: { RFINC: 20 } });
    expect(describeClimate({ RFINC: 20, TMPINC: 3 })).toBe('Rainfall +20%; temperature +3 °C');
    expect(describeClimate({ RFINC: -10 })).toBe('Rainfall -10%');
  });
});

describe('apply', () => {
  const change = (modificationObject: ClimateChange, opts: Partial<TestChange<ClimateChange>> = {}): TestChange<ClimateChange> => ({ modType: 'ClimateSensitivity', ...opts, modificationObject });

  it('sets RFINC and TMPINC of the chosen months in the demo subbasin, and the .sub carries them', async () => {
    const project = tinyProject();
    const sub = project.subbasins[0]!.sub;
    expect([sub.RFINC, sub.TMPINC]).toEqual([zeros(), zeros()]);
    await server.editor.apply(applyContext(project, [change({ RFINC: 20, TMPINC: 3 }, { months: [6, 7, 8] })]));
    expect(sub.RFINC).toEqual([0, 0, 0, 0, 0, 20, 20, 20, 0, 0, 0, 0]);
    expect(sub.TMPINC).toEqual([0, 0, 0, 0, 0, 3, 3, 3, 0, 0, 0, 0]);
    const back = parseSub(formatSub(sub));
    expect([back.RFINC, back.TMPINC]).toEqual([sub.RFINC, sub.TMPINC]);
  });

  it('changes the chosen subbasins only (LREW: 3), every month when none is named, the later change winning', async () => {
    const project = await readTxtInOut(LREW, { weather: false, databases: false, otherFiles: false, hrus: false });
    await server.editor.apply(
      applyContext(project, [
        change({ RFINC: -30, TMPINC: 1 }, { subbasins: [2] }),
        change({ RFINC: 10 }, { subbasins: [2, 3], months: [1] }),
      ]),
    );
    const [s1, s2, s3] = project.subbasins.map((s) => s.sub);
    expect([s1!.RFINC, s1!.TMPINC]).toEqual([zeros(), zeros()]);
    expect(s2!.RFINC).toEqual([10, ...Array(11).fill(-30)]);
    // the second change sends no TMPINC: subbasin 2 keeps the first change's +1 °C
    expect(s2!.TMPINC).toEqual(Array(12).fill(1));
    expect(s3!.RFINC).toEqual([10, ...Array(11).fill(0)]);
    expect(s3!.TMPINC).toEqual(zeros());
  });

  it('writes nothing without changes', async () => {
    const project = tinyProject();
    const before = structuredClone(project.subbasins[0]!.sub);
    await server.editor.apply(applyContext<ClimateChange>(project, []));
    expect(project.subbasins[0]!.sub).toEqual(before);
  });
});
