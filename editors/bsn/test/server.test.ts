/// <reference types="node" />
// The server half without the platform: `apply` on SWAT's own LREW inputs (the ArcSWAT
// TxtInOut of the demo dataset), the POST body rules, and the saved-changes text. The routes
// through platform-api are tested in platform-api/test/editor-bsn.test.ts.
import { resolve } from 'node:path';
import { changedSettings, EDITOR_MESSAGES, InputError, type SavedChange } from '@headwater/plugin-sdk/server';
import { formatBsn, parseBsn, readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import server, { applyBsn, datasetValues, describeBsn } from '../server/index.ts';
import { NOT_IN_LIST, schema } from '../src/schema.ts';
import { fixtureProject } from '@headwater/swat/test-fixtures';

// The POST body as the SDK's one-setting mode checks it with this editor's schema.
const changedValues = (body: unknown, defaults: Record<string, number>) => changedSettings(schema, body, defaults);
const UNKNOWN_VARIABLE = EDITOR_MESSAGES.unknownField;

// SWAT's own LREW inputs, unpacked from the repository's fixture (swat/test/fixtures).
const LREW = fixtureProject('lrew_swat2012');

const change = (id: number, modificationObject: Record<string, unknown>): SavedChange => ({
  id,
  modType: 'Bsn',
  applyToAll: true,
  subbasins: [],
  landuses: [],
  soils: [],
  slopes: [],
  months: [],
  modificationObject,
});

let project: SwatProject;
/** the dataset's values, before any test applies a change */
let original: Record<string, number>;
beforeAll(async () => {
  project = await readTxtInOut(LREW);
  original = datasetValues(project.bsn as unknown as Record<string, unknown>);
}, 60_000);

/** The value on a basins.bsn line `value | NAME ...` of the written file. */
function written(text: string, name: string): number {
  const line = text.split(/\r?\n/).find((l) => new RegExp(`\\|\\s*${name}\\s*:`).test(l));
  if (!line) throw new Error(`no ${name} line`);
  return Number(line.split('|')[0]!.trim());
}

describe('apply', () => {
  it('sets SURLAG and IPET in basins.bsn, and formatBsn writes them', () => {
    expect([project.bsn.SURLAG, project.bsn.IPET]).toEqual([4, 1]);
    applyBsn({ project, changes: [change(1, { SURLAG: 1, IPET: 2 })] });
    expect([project.bsn.SURLAG, project.bsn.IPET]).toEqual([1, 2]);
    const text = formatBsn(project.bsn);
    expect(written(text, 'SURLAG')).toBe(1);
    expect(written(text, 'IPET')).toBe(2);
    expect(text).toMatch(/^\s+2\s+\| IPET:/m);
    // the rest of the file is SWAT's own
    expect(written(text, 'ESCO')).toBe(0.95);
    expect(parseBsn(text).SURLAG).toBe(1);
  });

  it('writes MSK_COL1/2 as MSK_CO1/2, the last change winning', () => {
    applyBsn({ project, changes: [change(1, { MSK_COL1: 2, SURLAG: 3 }), change(2, { SURLAG: 0.5, MSK_COL2: 0.1 })] });
    expect([project.bsn.MSK_CO1, project.bsn.MSK_CO2, project.bsn.SURLAG]).toEqual([2, 0.1, 0.5]);
    const text = formatBsn(project.bsn);
    expect([written(text, 'MSK_CO1'), written(text, 'MSK_CO2'), written(text, 'SURLAG')]).toEqual([2, 0.1, 0.5]);
    expect(project.bsn).not.toHaveProperty('MSK_COL1');
  });

  it('answers the spec\'s basin call (GET and POST scenarios/general/bsn/{scenarioID})', () => {
    expect(server.routes!.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/general/bsn/:scenarioID', 'POST /scenarios/general/bsn/:scenarioID']);
  });
});

describe('the POST body', () => {
  it('reads the dataset values of every variable from basins.bsn', () => {
    expect(Object.keys(original)).toHaveLength(31);
    expect(original).toMatchObject({ SURLAG: 4, IPET: 1, ESCO: 0.95, MSK_COL1: 0.75, MSK_COL2: 0.25, IWQ: 1, SPCON: 0.0001, PHOSKD: 175 });
    // a variable the dataset lacks gets the documented default
    expect(datasetValues({}).SURLAG).toBe(4);
  });

  it('keeps only the values that differ from the dataset', () => {
    expect(changedValues({ SURLAG: 1, IPET: 1, ESCO: 0.95 }, original)).toEqual({ SURLAG: 1 });
    expect(changedValues({ IPET: 2, MSK_COL1: 0.75 }, original)).toEqual({ IPET: 2 });
    expect(changedValues({}, original)).toEqual({});
  });

  it('refuses unknown variables, empty values, strings and codes outside a list, in the spec words', () => {
    const errors = (body: unknown) => {
      try {
        changedValues(body, original);
      } catch (e) {
        // a 400 with `{ errors }` through platform-api
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).fields!;
      }
      throw new Error('accepted');
    };
    expect(errors({ SURLAG: null, ESCO: '', SFTMP: '0.5', IPET: 3, FOO: 1, EPCO: Number.NaN })).toEqual({
      SURLAG: ['Required'],
      ESCO: ['Required'],
      SFTMP: ['Must be a number'],
      IPET: [NOT_IN_LIST],
      FOO: [UNKNOWN_VARIABLE],
      EPCO: ['Must be a number'],
    });
    expect(Object.keys(errors([1, 2]))).toEqual(['modificationObject']);
  });

  it('describes a saved change with the option titles', () => {
    expect(describeBsn({ SURLAG: 1, IPET: 2, MSK_COL1: 2 })).toBe('IPET: Hargreaves; SURLAG: 1; MSK_COL1: 2');
  });
});
