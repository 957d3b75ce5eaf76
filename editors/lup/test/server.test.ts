// Land use update's own behaviour: its messages and what `apply` writes. (Its route, table and server
// half are checked for every editor by plugin-sdk/test/editors.contract.test.tsx.)
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing.ts';
import { describe, expect, it } from 'vitest';
import server from '../server/index.ts';
import { schema, type LanduseupdateChange } from '../src/schema.ts';

describe('lup', () => {
  it('names a missing or out-of-range value in the spec wording', () => {
    expect(validateChange(schema, { value: 5 })).toEqual({});
    expect(validateChange(schema, {})).toEqual({ value: ['Required'] });
    expect(validateChange(schema, { value: 11 })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(server.editor.describe!({ value: 5 })).toBe('5%');
  });

  it('applies saved changes to a tiny assembled project', async () => {
    // One subbasin of the shipped demo dataset (41 HRUs), assembled as platform-api does for a
    // run; applyContext selects HRUs as platform-api does (applyToAll, subbasins, land uses...).
    const project = tinyProject();
    const before = structuredClone(project);
    await server.editor.apply(applyContext<LanduseupdateChange>(project, [{ applyToAll: true, modificationObject: { value: 5 } }]));
    // The scaffolded apply writes nothing yet: expect here what yours writes, e.g.
    // expect(project.subbasins[0]!.hrus[0]!.mgt!.CN2).toBeCloseTo(before.subbasins[0]!.hrus[0]!.mgt!.CN2 * 1.05);
    expect(project).toEqual(before);
  });
});
