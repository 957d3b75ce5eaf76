/// <reference types="node" />
// The server half on real SWAT inputs: the LREW TxtInOut (the repository's fixture, swat/test/fixtures;
// the product ships its own converted copy), and the tiny project the SDK assembles from the shipped demo dataset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, hruKeys, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { readTxtInOut, writeTxtInOut } from '@headwater/swat/txtinout/index.ts';
import type { Mgt, SwatProject } from '@headwater/swat/txtinout/types.ts';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import server, { CN_MAX, CN_MIN, scaleCn } from '../server/index.ts';
import type { Cn2Change } from '../src/schema.ts';
import { fixtureProject } from '@headwater/swat/test-fixtures';

// SWAT's own LREW inputs, unpacked from the repository's fixture (swat/test/fixtures).
const LREW = fixtureProject('lrew_swat2012');
const ZERO = 'A value of zero will result in no change. Please enter a number greater or less than 10.';
const work = mkdtempSync(join(tmpdir(), 'hw-cn2-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const editor = server.editor;
const allHrus = (p: SwatProject) => p.subbasins.flatMap((s) => s.hrus.map((hru) => ({ subbasin: s.number, hru, mgt: hru.mgt!, ...hruKeys(hru) })));
const cnops = (mgt: Mgt) => mgt.operations.filter((o) => 'CNOP' in o).map((o) => (o as { CNOP: number }).CNOP);
const apply = (p: SwatProject, changes: Parameters<typeof applyContext<Cn2Change>>[1]) => editor.apply(applyContext<Cn2Change>(p, changes));

describe('the Cn2Percent change', () => {
  it('checks a change with the form\'s schema and serves the spec\'s page call', () => {
    expect(validateChange(editor.schema!, { value: 0 })).toEqual({ value: [ZERO] });
    expect(validateChange(editor.schema!, { value: 10 })).toEqual({});
    expect(server.routes?.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/subbasin/cn2/:scenarioID']);
  });

  it('describes a change for the saved-changes table', () => {
    expect(editor.describe!({ value: 10 })).toBe('+10%');
    expect(editor.describe!({ value: -2.5 })).toBe('-2.5%');
  });

  it('scales a curve number within SWAT\'s 35–98, two decimals', () => {
    expect(scaleCn(77, 10)).toBe(84.7);
    expect(scaleCn(77, -10)).toBe(69.3);
    expect(scaleCn(66, 3)).toBe(67.98);
    expect(scaleCn(92, 10)).toBe(CN_MAX);
    expect(scaleCn(25, 10)).toBe(CN_MIN);
    expect(scaleCn(38, -10)).toBe(CN_MIN);
  });
});

describe('apply on the LREW TxtInOut (134 HRUs)', () => {
  let project: SwatProject;
  let before: Map<string, { cn2: number; landuse: string }>;
  beforeEach(async () => {
    project = await readTxtInOut(LREW, { weather: false });
    before = new Map(allHrus(project).map((h) => [h.hru.files.mgt, { cn2: h.mgt.CN2, landuse: h.landuse }]));
  });

  it('+10 % on all HRUs: every CN2 ×1.1, held to 35–98', async () => {
    expect(before.size).toBe(134);
    await apply(project, [{ applyToAll: true, modificationObject: { value: 10 } }]);
    let scaled = 0;
    let clamped = 0;
    for (const h of allHrus(project)) {
      const was = before.get(h.hru.files.mgt)!.cn2;
      const want = Math.round(was * 110) / 100;
      if (want > CN_MAX || want < CN_MIN) {
        clamped++;
        expect(h.mgt.CN2, h.hru.files.mgt).toBe(want > CN_MAX ? CN_MAX : CN_MIN);
      } else {
        scaled++;
        expect(h.mgt.CN2, h.hru.files.mgt).toBeCloseTo(was * 1.1, 2);
      }
    }
    // LREW: WATR's 92 goes over 98, FRSE's 25 and URLD's 31 stay under 35 even after +10 %
    expect(clamped).toBe(3 + 2 + 1);
    expect(scaled).toBe(134 - clamped);
    const agrl = allHrus(project).find((h) => h.landuse === 'AGRL' && before.get(h.hru.files.mgt)!.cn2 === 77)!;
    expect(agrl.mgt.CN2).toBe(84.7);
  });

  it('+10 % on a land-use selection changes those HRUs only', async () => {
    await apply(project, [{ applyToAll: false, subbasins: [], landuses: ['AGRL'], soils: [], slopes: [], modificationObject: { value: 10 } }]);
    const hrus = allHrus(project);
    const agrl = hrus.filter((h) => h.landuse === 'AGRL');
    expect(agrl).toHaveLength(22);
    for (const h of hrus) {
      const was = before.get(h.hru.files.mgt)!.cn2;
      expect(h.mgt.CN2, `${h.hru.files.mgt} ${h.landuse}`).toBe(h.landuse === 'AGRL' ? scaleCn(was, 10) : was);
    }
  });

  it('a subbasin, land use, soil and slope cascade selects exactly that HRU', async () => {
    const target = allHrus(project).find((h) => h.subbasin === 2 && h.landuse === 'PAST')!;
    await apply(project, [{ subbasins: [2], landuses: ['PAST'], soils: [target.soil], slopes: [target.slopeClass], modificationObject: { value: -10 } }]);
    const changed = allHrus(project).filter((h) => h.mgt.CN2 !== before.get(h.hru.files.mgt)!.cn2);
    expect(changed.map((h) => h.hru.files.mgt)).toEqual([target.hru.files.mgt]);
    expect(target.mgt.CN2).toBe(scaleCn(before.get(target.hru.files.mgt)!.cn2, -10));
  });

  it('scales every non-zero CNOP of the operations, keeps zero CNOPs at zero', async () => {
    const h = allHrus(project).find((x) => x.landuse === 'AGRL')!;
    const ops = h.mgt.operations;
    const plant = ops.find((o) => o.op === 1)!;
    const till = ops.filter((o) => o.op === 6);
    // LREW's operations leave CN to CN2 (every CNOP 0): give some a CN of their own
    Object.assign(plant, { CNOP: 70 });
    Object.assign(till[0]!, { CNOP: 95 });
    const zeros = cnops(h.mgt).filter((c) => c === 0).length;
    expect(zeros).toBeGreaterThan(0);
    await apply(project, [{ modificationObject: { value: 10 } }]);
    expect((plant as { CNOP: number }).CNOP).toBe(77);
    expect((till[0] as { CNOP: number }).CNOP).toBe(CN_MAX);
    expect(cnops(h.mgt).filter((c) => c === 0)).toHaveLength(zeros);
  });

  it('applies changes oldest first; overlapping ones compound, each step held to 35–98', async () => {
    const at = (subbasin: number, landuse: string, cn2: number) => allHrus(project).find((x) => x.subbasin === subbasin && x.landuse === landuse && before.get(x.hru.files.mgt)!.cn2 === cn2)!;
    const water = at(1, 'WATR', 92);
    // listed newest first, as ids say: change 3 (+10 % everywhere) is older than change 8
    await apply(project, [
      { id: 8, subbasins: [1, 3], modificationObject: { value: -10 } },
      { id: 3, applyToAll: true, modificationObject: { value: 10 } },
    ]);
    // the order shows where a step is held: 92 → 98 (held) → 88.2; the other order gives 91.08
    expect(water.mgt.CN2).toBe(88.2);
    expect(at(1, 'AGRL', 77).mgt.CN2).toBe(76.23);
    expect(at(3, 'AGRL', 77).mgt.CN2).toBe(76.23);
    expect(at(2, 'AGRL', 77).mgt.CN2).toBe(84.7);
    expect(at(2, 'WATR', 92).mgt.CN2).toBe(CN_MAX);
  });

  it('writes values SWAT reads back exactly', async () => {
    const h = allHrus(project).find((x) => x.landuse === 'AGRL')!;
    Object.assign(h.mgt.operations.find((o) => o.op === 1)!, { CNOP: 66 });
    await apply(project, [{ modificationObject: { value: 3 } }]);
    const dir = join(work, 'lrew');
    await writeTxtInOut(project, dir);
    const again = await readTxtInOut(dir, { weather: false });
    for (const [a, b] of allHrus(project).map((x, i) => [x, allHrus(again)[i]!] as const)) {
      expect(b.mgt.CN2, a.hru.files.mgt).toBe(a.mgt.CN2);
      expect(cnops(b.mgt)).toEqual(cnops(a.mgt));
    }
    expect(cnops(allHrus(again).find((x) => x.hru.files.mgt === h.hru.files.mgt)!.mgt)).toContain(67.98);
  });
});

describe('apply on a tiny assembled project', () => {
  it('changes the CN2 platform-api wrote from the dataset', async () => {
    const project = tinyProject();
    const hrus = allHrus(project);
    expect(hrus).toHaveLength(41);
    const was = hrus.map((h) => h.mgt.CN2);
    await apply(project, [{ landuses: ['FRSD'], modificationObject: { value: 5 } }]);
    hrus.forEach((h, i) => expect(h.mgt.CN2).toBe(h.landuse === 'FRSD' ? scaleCn(was[i]!, 5) : was[i]));
    expect(hrus.some((h) => h.landuse === 'FRSD')).toBe(true);
  });
});
