import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures.ts';
import { formatBsn, parseBsn } from './bsn.ts';
import { formatCio, parseCio } from './cio.ts';
import { formatHru, parseHru } from './hru.ts';
import { formatRte, parseRte } from './rte.ts';
import { formatPnd, parsePnd } from './pnd.ts';
import { formatSub, parseSub } from './sub.ts';
import { formatGw, parseGw } from './gw.ts';
import { schemaDefaults } from './keyed.ts';
import { BSN_SCHEMA, GW_SCHEMA } from './schemas.ts';
import type { Bsn, Gw } from './types.ts';

const lrew = (f: string) => readFileSync(fixturePath('lrew_swat2012', 'TxtInOut', f), 'latin1');
const hawqs = (f: string) => readFileSync(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', f), 'latin1');

describe('keyed files (value | NAME)', () => {
  it('reads right-justified ArcSWAT and left-justified HAWQS lines alike', () => {
    const a = parseCio(lrew('file.cio'));
    const b = parseCio(hawqs('file.cio'));
    expect(a.NBYR).toBe(13);
    expect(a.IYR).toBe(2000);
    expect(a.IDAL).toBe(366);
    expect(a.REXP).toBe(1.3);
    expect(b.NBYR).toBe(5);
    expect(b.IYR).toBe(1981);
    expect(b.NYSKIP).toBe(2);
    expect(b.ICALEN).toBe(1);
  });

  it('reads every file.cio setting, weather names and print lists', () => {
    const c = parseCio(lrew('file.cio'));
    expect(c.FIGFILE).toBe('fig.fig');
    expect(c.RFILE[0]).toBe('pcp1.pcp');
    expect(c.RFILE.slice(1).every((s) => s === '')).toBe(true);
    expect(c.TFILE[0]).toBe('tmp1.tmp');
    expect([c.SLRFILE, c.RHFILE, c.WNDFILE, c.FCSTFILE]).toEqual(['slr.slr', 'hmd.hmd', 'wnd.wnd', 'cst.cst']);
    expect([c.PLANTDB, c.TILLDB, c.PESTDB, c.FERTDB, c.URBANDB]).toEqual(['plant.dat', 'till.dat', 'pest.dat', 'fert.dat', 'urban.dat']);
    expect([c.NRGAGE, c.NRTOT, c.NRGFIL, c.NTGAGE, c.NTTOT, c.NTGFIL]).toEqual([1, 3, 3, 1, 1, 1]);
    expect([c.SLRSIM, c.NSTOT, c.RHSIM, c.NHTOT, c.WNDSIM, c.NWTOT]).toEqual([1, 1, 1, 1, 1, 1]);
    expect([c.IPRINT, c.NYSKIP, c.ILOG, c.IPRP]).toEqual([1, 3, 0, 0]);
    expect(c.IPDVAR).toHaveLength(20);
    expect(c.IPDVAS).toHaveLength(15);
    expect(c.IPDVAB[0]).toBe(1);
    expect(c.IPDHRU[0]).toBe(1);
    expect(c.ATMOFILE).toBe('ATMO.ATM');
    expect(c.SEPTDB).toBe('septwq.dat');
    // HAWQS: IPRS line (rev 664+) instead of "Starting Output Variable Section", 8-wide HRU list
    const h = parseCio(hawqs('file.cio'));
    expect(h.IPDVAB).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(h.IPDHRU[0]).toBe(1);
    expect(h.SLRFILE).toBe('');
  });

  it('rewrites an ArcSWAT file byte for byte (text lines, labels, justification)', () => {
    for (const [f, parse, format] of [
      ['file.cio', parseCio, formatCio],
      ['basins.bsn', parseBsn, formatBsn],
      ['000010000.rte', parseRte, formatRte],
      ['000010000.pnd', parsePnd, formatPnd],
      ['000010001.hru', parseHru, formatHru],
      ['000010001.gw', parseGw, formatGw],
    ] as const) {
      const text = lrew(f);
      const out = (format as (v: never, eol: string) => string)(parse(text) as never, '\r\n');
      const norm = (s: string) => s.split('\r\n').map((l) => l.trimEnd()).join('\n').trimEnd();
      expect(norm(out), f).toBe(norm(text));
    }
  });

  it('keeps Latin-1 characters of labels (µm in .rte)', () => {
    const text = lrew('000010000.rte');
    expect(text).toContain('\u00b5m');
    const r = parseRte(text);
    expect(formatRte(r)).toContain('(\u00b5m)');
    expect(r.CH_W2).toBe(4.751);
    expect(r.CH_D).toBe(0.31);
    expect(r.CH_ERODMO).toEqual(new Array(12).fill(0));
    expect(r.CH_EQN).toBe(0);
  });

  it('matches renamed and shifted HAWQS lines by name', () => {
    const b = parseBsn(hawqs('basins.bsn'));
    expect(b.PRF).toBe(1.027); // written PRF_BSN
    expect(b.MSK_CO2).toBe(3.5); // written MSK_COL2 (typo): taken by position
    expect(b.SFTMP).toBe(-0.013);
    expect(b.IATMODEP).toBe(1);
    expect(b.R2ADJ_BSN).toBe(1);
    expect(b.WWQFILE).toBe('basins.wwq');
    const p = parsePnd(hawqs('000010000.pnd'));
    // HAWQS has no PND_D50 line and moves IPND1/IPND2 under a heading of its own
    expect(p.IPND1).toBe(1);
    expect(p.IPND2).toBe(1);
    expect(p.WET_FR).toBe(0.701);
    expect(p.WET_K).toBe(0.04);
    const again = parsePnd(formatPnd(p));
    expect(again).toEqual(p);
  });

  it('reads the extra HRU parameters of later revisions and leaves them out when absent', () => {
    const h = parseHru(hawqs('000010001.hru'));
    expect(h.SURLAG).toBe(2);
    expect(h.R2ADJ).toBe(1);
    expect(h.HRU_FR).toBe(0.0101108);
    const l = parseHru(lrew('000010001.hru'));
    expect(l.SURLAG).toBe(0);
    expect(formatHru(l)).not.toContain('SURLAG');
    // a value set on a parameter the file did not have is written at its position
    const text = formatHru({ ...l, SURLAG: 3 });
    expect(text).toContain('| SURLAG');
    expect(parseHru(text).SURLAG).toBe(3);
    expect(parseHru(text).SOLP_CON).toBe(l.SOLP_CON);
  });

  it('tolerates CRLF/LF, blank trailing lines and writes the ArcSWAT layout for new objects', () => {
    const gw = { ...schemaDefaults(GW_SCHEMA), title: 'new gw' } as unknown as Gw;
    gw.GW_DELAY = 31;
    gw.ALPHA_BF = 0.048;
    const text = formatGw(gw, '\n');
    expect(text.split('\n')[3]).toBe('         31.0000    | GW_DELAY : Groundwater delay [days]');
    const back = parseGw(text.replace(/\n/g, '\r\n') + '\r\n\r\n');
    expect(back.GW_DELAY).toBe(31);
    expect(back.ALPHA_BF).toBe(0.048);
    const { layout: _l, ...values } = back;
    const { layout: _m, ...orig } = gw;
    expect(values).toEqual(orig);
    const bsn = { ...schemaDefaults(BSN_SCHEMA), title: 'b' } as unknown as Bsn;
    expect(parseBsn(formatBsn(bsn)).SURLAG).toBe(0);
  });

  it('reads .sub elevation bands, gages, lapse rates and the HRU list', () => {
    const s = parseSub(lrew('000010000.sub'));
    expect(s.SUB_KM).toBe(8.7822);
    expect(s.SUB_LAT).toBe(31.732832);
    expect(s.SUB_ELEV).toBe(131.45);
    expect([s.IRGAGE, s.ITGAGE, s.ISGAGE, s.IHGAGE, s.IWGAGE]).toEqual([1, 1, 1, 1, 1]);
    expect(s.WGNFILE).toBe('000010000.wgn');
    expect(s.ELEVB).toHaveLength(10);
    expect(s.RFINC).toHaveLength(12);
    expect(s.HRUTOT).toBe(41);
    expect(s.hruFiles).toHaveLength(41);
    expect(s.hruFiles[0]).toEqual({
      hru: '000010001.hru',
      mgt: '000010001.mgt',
      sol: '000010001.sol',
      chm: '000010001.chm',
      gw: '000010001.gw',
      ops: '',
      sep: '000010001.sep',
      sdr: '',
    });
    const h = parseSub(hawqs('000010000.sub'));
    expect(h.ELEVB[0]).toBe(481);
    expect(h.ELEVB_FR[0]).toBe(1);
    expect(h.TLAPS).toBe(-6.5);
    expect(h.CH_S1).toBe(0.000168);
    expect(parseSub(formatSub(h))).toEqual(h);
    expect(parseSub(formatSub(s))).toEqual(s);
  });
});

describe('keyed files: unknown lines', () => {
  it('keeps an unknown parameter line as text when the expected one follows by name', () => {
    const text = [
      'title',
      '        1000.0000    | SHALLST : Initial depth',
      '        2000.0000    | DEEPST : Initial depth',
      '           7.0000    | NEW_PARAM : a later revision',
      '          31.0000    | GW_DELAY : Groundwater delay',
    ].join('\r\n');
    const gw = parseGw(text);
    expect(gw.DEEPST).toBe(2000);
    expect(gw.GW_DELAY).toBe(31);
    const out = formatGw(gw).split('\r\n');
    expect(out[3]).toBe('           7.0000    | NEW_PARAM : a later revision');
    expect(out[4]).toBe('          31.0000    | GW_DELAY : Groundwater delay');
    expect(parseGw(formatGw(gw))).toEqual(gw);
  });

  it('takes a misspelt parameter by position', () => {
    const gw = parseGw('t\n 1 | SHALLST\n 2 | DEEPST\n 45 | GWDELAY : typo\n 0.5 | ALPHA_BF\n');
    expect(gw.GW_DELAY).toBe(45);
    expect(gw.ALPHA_BF).toBe(0.5);
  });
});

describe('file.cio of other revisions', () => {
  it('reads rev 664 and rev 681 file.cio and rewrites them line for line', () => {
    for (const [dir, nbyr, iyr, plantdb] of [
      ['rev664_pso_ga_parall_swat', 9, 1987, 'crop.dat'],
      ['rev681_SWATShiny', 8, 1990, 'plant.dat'],
    ] as const) {
      const text = readFileSync(fixturePath('rev_variants', dir, 'file.cio'), 'latin1');
      const c = parseCio(text);
      expect([c.NBYR, c.IYR, c.PLANTDB]).toEqual([nbyr, iyr, plantdb]);
      const norm = (s: string) => s.split(/\r?\n/).map((l) => l.trimEnd()).join('\n').trimEnd();
      expect(norm(formatCio(c))).toBe(norm(text));
    }
    const c681 = parseCio(readFileSync(fixturePath('rev_variants', 'rev681_SWATShiny', 'file.cio'), 'latin1'));
    expect([c681.IDAF, c681.IDAL, c681.NSTOT, c681.IMGT]).toEqual([75, 59, 2, 1]);
  });
});
