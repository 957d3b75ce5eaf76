/// <reference types="node" />
// The server half on SWAT's own LREW inputs (the repository's fixture, swat/test/fixtures; the
// product ships its own converted copy): each change scales the chosen subbasins' .wgn statistics for the chosen months
// by (1 + percent / 100), oldest change first, within the physical bounds; and the .wgn
// written back carries the new values.
import { resolve } from 'node:path';
import { applyContext, type TestChange } from '@headwater/plugin-sdk/server/testing';
import { formatWgn, parseWgn, readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { SwatProject, Wgn } from '@headwater/swat/txtinout/types.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyWgnChange, MONTH_DAYS } from '../server/apply.ts';
import server from '../server/index.ts';
import { WGN_FIELDS, type WgnChange } from '../src/schema.ts';
import { fixtureProject } from '@headwater/swat/test-fixtures';

// SWAT's own LREW inputs, unpacked from the repository's fixture (swat/test/fixtures).
const LREW = fixtureProject('lrew_swat2012');
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

let project: SwatProject;
let original: Wgn[];

beforeEach(async () => {
  project ??= await readTxtInOut(LREW, { weather: false, databases: false, otherFiles: false, hrus: false });
  original ??= project.subbasins.map((s) => structuredClone(s.wgn!));
  project.subbasins.forEach((s, i) => (s.wgn = structuredClone(original[i]!)));
});

function change(modificationObject: WgnChange, opts: { subbasins?: number[]; months?: number[] } = {}): TestChange<WgnChange> {
  return { modType: 'Wgn', subbasins: opts.subbasins ?? [], months: opts.months ?? [], modificationObject };
}

/** As platform-api's run calls it (run/build.ts applyChanges): the changes in the order given are oldest first. */
const apply = (...changes: TestChange<WgnChange>[]) => server.editor.apply(applyContext<WgnChange>(project, changes));

describe('the server half', () => {
  it('checks changes with the form schema and describes them', () => {
    expect(Object.keys((server.editor.schema as { properties: object }).properties)).toHaveLength(14);
    expect(server.editor.describe!({ RAINHHMX: 50 })).toBe('RAINHHMX: +50%');
  });
});

describe('apply on the LREW TxtInOut', () => {
  it('reads three subbasins with their .wgn statistics', () => {
    expect(project.subbasins.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(original[0]!.RAINHHMX.slice(5, 8)).toEqual([42.4, 32.3, 47.5]);
  });

  it('scales a field for exactly the chosen months of the chosen subbasins', async () => {
    await apply(change({ RAINHHMX: 50 }, { subbasins: [2], months: [6, 7, 8] }));
    const [s1, s2, s3] = project.subbasins.map((s) => s.wgn!);
    expect(s1).toEqual(original[0]);
    expect(s3).toEqual(original[2]);
    ALL_MONTHS.forEach((m) => {
      const was = original[1]!.RAINHHMX[m - 1]!;
      expect(s2!.RAINHHMX[m - 1]).toBeCloseTo([6, 7, 8].includes(m) ? was * 1.5 : was, 10);
    });
    // June 42.4 mm → 63.6 mm
    expect(s2!.RAINHHMX[5]).toBeCloseTo(63.6, 10);
    for (const { key } of WGN_FIELDS) if (key !== 'RAINHHMX') expect(s2![key], key).toEqual(original[1]![key]);
    expect(s2!.WLATITUDE).toBe(original[1]!.WLATITUDE);
  });

  it('changes every month when a change names none, and every subbasin when it applies to all', async () => {
    await apply(change({ PCPMM: -20, TMPMN: 10 }));
    project.subbasins.forEach((s, i) => {
      expect(s.wgn!.PCPMM).toEqual(original[i]!.PCPMM.map((v) => v * 0.8));
      expect(s.wgn!.TMPMN).toEqual(original[i]!.TMPMN.map((v) => v * 1.1));
    });
  });

  it('applies every field, negative values included: the percent scales the statistic itself', async () => {
    const all = Object.fromEntries(WGN_FIELDS.map((f) => [f.key, -30])) as WgnChange;
    await apply(change(all, { months: [1] }));
    const w = project.subbasins[0]!.wgn!;
    for (const { key } of WGN_FIELDS) {
      expect(w[key][0], key).toBeCloseTo(original[0]![key][0]! * 0.7, 10);
      expect(w[key].slice(1), key).toEqual(original[0]![key].slice(1));
    }
  });

  it('applies changes oldest first: they compound', async () => {
    await apply(change({ RAINHHMX: 50 }, { months: [7] }), change({ RAINHHMX: -90 }, { months: [7] }));
    expect(project.subbasins[0]!.wgn!.RAINHHMX[6]).toBeCloseTo(original[0]!.RAINHHMX[6]! * 1.5 * 0.1, 10);
  });

  it('treats 0 and unknown keys (an old body\'s Months) as no change', async () => {
    await apply(change({ RAINHHMX: 0, Months: [6] } as WgnChange));
    expect(project.subbasins.map((s) => s.wgn)).toEqual(original);
  });

  it('writes the changed statistics into the .wgn file', async () => {
    await apply(change({ RAINHHMX: 50 }, { months: [6, 7, 8] }));
    const back = parseWgn(formatWgn(project.subbasins[0]!.wgn!));
    expect(back.RAINHHMX).toEqual(original[0]!.RAINHHMX.map((v, i) => ([5, 6, 7].includes(i) ? Number((v * 1.5).toFixed(2)) : v)));
  });

  it('refuses a subbasin without .wgn statistics', async () => {
    delete project.subbasins[2]!.wgn;
    await expect(async () => apply(change({ WNDAV: 5 }))).rejects.toThrow('Subbasin 3 has no weather generator (.wgn) statistics to change.');
  });
});

describe('physical bounds', () => {
  const wgn = (): Wgn => structuredClone(original[0]!);

  it('keeps PR_W1 and PR_W2 probabilities within 0..1', () => {
    const w = wgn();
    w.PR_W2[6] = 0.7;
    applyWgnChange(w, { PR_W1: 100, PR_W2: 100 }, [7]);
    expect(w.PR_W1[6]).toBeCloseTo(original[0]!.PR_W1[6]! * 2, 10); // 0.34 → 0.68
    expect(w.PR_W2[6]).toBe(1); // 1.4 → 1
    applyWgnChange(w, { PR_W1: -100 }, [7]);
    expect(w.PR_W1[6]).toBe(0);
  });

  it('keeps PCPD within the days of the month (28.25 for February, an average over years)', () => {
    const w = wgn();
    w.PCPD[1] = 20;
    w.PCPD[3] = 16;
    w.PCPD[6] = 12.85;
    applyWgnChange(w, { PCPD: 100 }, [2, 4, 7]);
    expect(w.PCPD[1]).toBe(MONTH_DAYS[1]);
    expect(MONTH_DAYS[1]).toBe(28.25);
    expect(w.PCPD[3]).toBe(30);
    expect(w.PCPD[6]).toBeCloseTo(25.7, 10);
    applyWgnChange(w, { PCPD: -100 }, [7]);
    expect(w.PCPD[6]).toBe(0);
  });

  it('leaves the other statistics unbounded: a factor of 0 to 2 cannot change their sign', () => {
    const w = wgn();
    w.TMPMN[0] = -4;
    applyWgnChange(w, { TMPMN: 100, RAINHHMX: -100 }, [1]);
    expect(w.TMPMN[0]).toBe(-8);
    expect(w.RAINHHMX[0]).toBe(0);
  });
});
