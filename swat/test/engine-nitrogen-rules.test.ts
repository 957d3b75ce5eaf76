// SWAT's nitrogen input rules in the engine: soil nitrate initialised as soil_chem.f does (checked
// against rev 637's "INITIAL NO3 IN SOIL" of both projects), the ATMO file of file.cio read as
// readatmodep.f reads it, the lateral-flow nitrate lost on its way to the stream (nlch.f,
// DIS_STREAM) and the anion exclusion default of the .bsn (readsol.f).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, loadProject } from '../src/engine/index.ts';
import { engineNotes } from '../src/engine/adapter.ts';
import { Model, ML } from '../src/engine/model.ts';
import { fixtureProject, fixtureText } from './fixtures.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function project(name: string): string {
  const d = fixtureProject(name);
  dirs.push(d);
  return d;
}

/** Area-weighted soil nitrate of the whole profile at the start (kg/ha). */
function initialNo3(m: Model): number {
  let no3 = 0, area = 0;
  for (let h = 0; h < m.nhru; h++) {
    let s = 0;
    for (let l = 0; l < m.nly[h]; l++) s += m.solNo3[h * ML + l];
    no3 += s * m.hruKm[h];
    area += m.hruKm[h];
  }
  return no3 / area;
}
const stdValue = (text: string, label: string) => Number(new RegExp(`${label}\\s*=\\s*([-\\d.]+)`).exec(text)![1]);

describe('soil nitrate at the start (soil_chem.f: 7 mg/kg × exp(−bottom depth/1000) where the .chm gives none)', () => {
  for (const [name, std] of [['swatuq_2012', 'output.std.gz'], ['lrew_swat2012', 'output.std.gz']] as const) {
    it(`${name}: the profile holds rev 637's INITIAL NO3 IN SOIL`, async () => {
      const p = await loadProject(project(name), { streamHrus: false });
      const swat = stdValue(fixtureText(name, std), 'INITIAL NO3 IN SOIL');
      expect(initialNo3(new Model(p, { shared: false }))).toBeCloseTo(swat, 2);
    });
  }
});

describe('atmospheric deposition file (readatmodep.f)', () => {
  it('reads each subbasin\'s line by FORMAT (8x,4f10.3): ammonium and nitrate in rain, dry deposition', async () => {
    const d = project('swatuq_2012');
    const lines = readFileSync(join(d, 'ATMO.ATM'), 'latin1').split(/\r?\n/);
    lines[5] = ' '.repeat(8) + ['0.500', '2.000', '3.000', '4.000'].map((v) => v.padStart(10)).join('');
    writeFileSync(join(d, 'ATMO.ATM'), lines.join('\r\n'), 'latin1');
    const p = await loadProject(d, { streamHrus: false });
    expect(p.atmo).toBeDefined();
    expect([p.atmo!.rammo[0], p.atmo!.rcn[0], p.atmo!.dryNh4[0], p.atmo!.dryNo3[0]]).toEqual([0.5, 2, 3, 4]);
    // the file's zeros replace the basin's RCN_SUB_BSN (1.0): rev 637 reports no nitrate in rain
    expect(p.atmo!.rcn[1]).toBe(0);
    expect(stdValue(fixtureText('swatuq_2012', 'output.std.gz'), 'NO3 IN RAINFALL')).toBe(0);
  });

  it('an old one-value-per-line file reads nothing (a field that is not a number ends the line): the basin\'s rain nitrate stays', async () => {
    // LREW's ATMO.ATM is of that kind; rev 637 reports RCN_SUB_BSN's 10.682 kg/ha of nitrate in rain
    const p = await loadProject(project('lrew_swat2012'), { streamHrus: false });
    expect(p.atmo!.rcn).toEqual(p.subbasins.map(() => p.basin.rcnSub > 0 ? p.basin.rcnSub : p.basin.rcn));
    expect(p.atmo!.rammo.every((x) => x === 0)).toBe(true);
  });

  it('a missing file (exports often leave it out) keeps the basin\'s rain nitrate, with a note naming it', async () => {
    const d = project('swatuq_2012');
    rmSync(join(d, 'ATMO.ATM'));
    const p = await loadProject(d, { streamHrus: false });
    expect(p.atmo).toBeUndefined();
    expect(engineNotes().some((n) => n.includes('ATMO.ATM'))).toBe(true);
  });

  it('monthly deposition (IATMODEP 1) stops the run naming it', async () => {
    const d = project('swatuq_2012');
    const bsn = join(d, 'basins.bsn');
    writeFileSync(bsn, readFileSync(bsn, 'latin1').replace(/^(\s*)0(\s*\| IATMODEP)/m, '$11$2'), 'latin1');
    await expect(loadProject(d, { streamHrus: false })).rejects.toThrow(InputError);
    await expect(loadProject(d, { streamHrus: false })).rejects.toThrow(/IATMODEP 1/);
  });
});

describe('lateral flow nitrate and anion exclusion', () => {
  it('DIS_STREAM 35 m lets 1 − (2.18·35 − 8.63)/100 = 32.3 % of the lateral flow\'s nitrate reach the stream; 0 means 35', async () => {
    const p = await loadProject(project('lrew_swat2012'), { streamHrus: false });
    const h0 = p.subbasins[0]!.hrus[0]!;
    h0.disStream = 0;
    const h1 = p.subbasins[0]!.hrus[1]!;
    h1.disStream = 10;
    const m = new Model(p, { shared: false });
    expect(m.latNo3F[0]).toBeCloseTo(1 - (2.18 * 35 - 8.63) / 100, 12);
    expect(m.latNo3F[1]).toBeCloseTo(1 - (21.8 - 8.63) / 100, 12);
  });

  it('a soil without anion exclusion takes the basin\'s ANION_EXCL_BSN', async () => {
    const p = await loadProject(project('lrew_swat2012'), { streamHrus: false });
    p.subbasins[0]!.hrus[0]!.anionExcl = 0;
    p.basin.anionExclBsn = 0.3;
    const m = new Model(p, { shared: false });
    expect(m.anionExcl[0]).toBe(0.3);
    expect(m.anionExcl[1]).toBe(p.subbasins[0]!.hrus[1]!.anionExcl);
  });
});

describe('defaults SWAT applies to values given as 0 (readbsn.f, readhru.f)', () => {
  it('an HRU without DEP_IMP takes DEPIMP_BSN, 6000 mm when that is 0 too (percolation out of the profile is not blocked)', async () => {
    const d = project('lrew_swat2012');
    const bsn = join(d, 'basins.bsn');
    // a .bsn whose zeros take SWAT's defaults: DEPIMP_BSN, EVRCH, SDNCO, NPERCO
    let text = readFileSync(bsn, 'latin1');
    for (const key of ['DEPIMP_BSN', 'EVRCH', 'SDNCO', 'NPERCO']) text = text.replace(new RegExp(`^(\\s*)[-\\d.]+(\\s*\\| ${key}\\b)`, 'm'), '$10.000$2');
    writeFileSync(bsn, text, 'latin1');
    const p = await loadProject(d, { streamHrus: false });
    expect([p.basin.depImpBsn, p.basin.evrch, p.basin.sdnco, p.basin.nperco]).toEqual([6000, 0.6, 1.3, 0.2]);
    p.subbasins[0]!.hrus[0]!.depImp = 0;
    const m = new Model(p, { shared: false });
    expect(m.depImp[0]).toBe(6000);
    // percmicro.f's restriction with (6000 − profile depth)/1000 m to the impervious layer: slight
    const xx = (6000 - m.solZ[m.nly[0]! - 1]!) / 1000;
    expect(m.impF[0]).toBeCloseTo(xx / (xx + Math.exp(8.833 - 2.598 * xx)), 12);
    expect(m.impF[0]).toBeGreaterThan(0.95);
  });

  it('the basin\'s rain nitrate is the RCN line\'s value, 1.0 mg/L when 0 (the RCN_SUB_BSN line is not read)', async () => {
    const d = project('lrew_swat2012');
    const bsn = join(d, 'basins.bsn');
    const set = (key: string, v: string) => writeFileSync(bsn, readFileSync(bsn, 'latin1').replace(new RegExp(`^(\\s*)[-\\d.]+(\\s*\\| ${key}\\b)`, 'm'), `$1${v}$2`), 'latin1');
    set('RCN_SUB_BSN', '3.000');
    expect((await loadProject(d, { streamHrus: false })).basin.rcnSub).toBe(1);
    set('RCN', '2.500');
    expect((await loadProject(d, { streamHrus: false })).basin.rcnSub).toBe(2.5);
  });
});
