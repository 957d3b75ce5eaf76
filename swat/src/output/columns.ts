// Column sets and data-row layouts of output.rch / output.sub / output.hru per SWAT rev.
//
// Labels are kept exactly as SWAT prints them (header.f: hedr a12, hedb/heds a10),
// because a few are not simply right-justified ('  BACTPct ' has a trailing blank) and
// rev 637 prints 'SEDCONCmg/kg' where rev 664+ prints ' SEDCONCmg/L'. Variable names
// are the trimmed labels, which is how SWAT users and SWAT Check refer to them.
//
// Data rows are written with FORMAT statements whose descriptor sequence does not
// follow the header: output.hru puts a 1X before each bacteria field, so data rows
// are 2 characters wider than the header after column 66 ('parse by the Fortran
// format, not by header positions'). The descriptor sequence is applied to the
// printed values in order, whichever variables the print list selected.

import type { FieldFormat, OutputFileKind, OutputLayout } from './types.ts';

const E = (width: number, digits: number, lead = 0): FieldFormat => ({ type: 'E', width: width + lead, digits, lead });
const F = (width: number, digits: number, lead = 0): FieldFormat => ({ type: 'F', width: width + lead, digits, lead });

/** Reach labels of rev 637 (rchmon.f/rchday.f hedr, a12). */
export const RCH_LABELS_637: readonly string[] = [
  '  FLOW_INcms', ' FLOW_OUTcms', '     EVAPcms', '    TLOSScms', '  SED_INtons', ' SED_OUTtons',
  'SEDCONCmg/kg', '   ORGN_INkg', '  ORGN_OUTkg', '   ORGP_INkg', '  ORGP_OUTkg', '    NO3_INkg',
  '   NO3_OUTkg', '    NH4_INkg', '   NH4_OUTkg', '    NO2_INkg', '   NO2_OUTkg', '   MINP_INkg',
  '  MINP_OUTkg', '   CHLA_INkg', '  CHLA_OUTkg', '   CBOD_INkg', '  CBOD_OUTkg', '  DISOX_INkg',
  ' DISOX_OUTkg', ' SOLPST_INmg', 'SOLPST_OUTmg', ' SORPST_INmg', 'SORPST_OUTmg', '  REACTPSTmg',
  '    VOLPSTmg', '  SETTLPSTmg', 'RESUSP_PSTmg', 'DIFFUSEPSTmg', 'REACBEDPSTmg', '   BURYPSTmg',
  '   BED_PSTmg', ' BACTP_OUTct', 'BACTLP_OUTct', '  CMETAL#1kg', '  CMETAL#2kg', '  CMETAL#3kg',
  '     TOT Nkg', '     TOT Pkg', ' NO3ConcMg/l', '    WTMPdegc',
];

/** Rev 664 and later print the sediment concentration as mg/L. */
export const RCH_LABELS_664: readonly string[] = RCH_LABELS_637.map((l) => (l === 'SEDCONCmg/kg' ? ' SEDCONCmg/L' : l));

/** Subbasin labels of rev 637 (hedb, a10). */
export const SUB_LABELS_637: readonly string[] = [
  '  PRECIPmm', ' SNOMELTmm', '     PETmm', '      ETmm', '      SWmm', '    PERCmm', '    SURQmm',
  '    GW_Qmm', '    WYLDmm', '  SYLDt/ha', ' ORGNkg/ha', ' ORGPkg/ha', 'NSURQkg/ha', ' SOLPkg/ha',
  ' SEDPkg/ha', ' LAT Q(mm)', 'LATNO3kg/h', 'GWNO3kg/ha', 'CHOLAmic/L', 'CBODU mg/L', ' DOXQ mg/L',
  ' TNO3kg/ha',
];

/** Rev 664+ add tile flow and the P lost through cracks. */
export const SUB_LABELS_664: readonly string[] = [...SUB_LABELS_637, '   QTILEmm', ' TVAPkg/ha'];

/** HRU labels of rev 637 (heds, a10). */
export const HRU_LABELS_637: readonly string[] = [
  '  PRECIPmm', ' SNOFALLmm', ' SNOMELTmm', '     IRRmm', '     PETmm', '      ETmm', ' SW_INITmm',
  '  SW_ENDmm', '    PERCmm', ' GW_RCHGmm', ' DA_RCHGmm', '   REVAPmm', '  SA_IRRmm', '  DA_IRRmm',
  '   SA_STmm', '   DA_STmm', 'SURQ_GENmm', 'SURQ_CNTmm', '   TLOSSmm', ' LATQGENmm', '    GW_Qmm',
  '    WYLDmm', '   DAILYCN', ' TMP_AVdgC', ' TMP_MXdgC', ' TMP_MNdgC', 'SOL_TMPdgC', 'SOLARMJ/m2',
  '  SYLDt/ha', '  USLEt/ha', 'N_APPkg/ha', 'P_APPkg/ha', 'NAUTOkg/ha', 'PAUTOkg/ha', ' NGRZkg/ha',
  ' PGRZkg/ha', 'NCFRTkg/ha', 'PCFRTkg/ha', 'NRAINkg/ha', ' NFIXkg/ha', ' F-MNkg/ha', ' A-MNkg/ha',
  ' A-SNkg/ha', ' F-MPkg/ha', 'AO-LPkg/ha', ' L-APkg/ha', ' A-SPkg/ha', ' DNITkg/ha', '  NUPkg/ha',
  '  PUPkg/ha', ' ORGNkg/ha', ' ORGPkg/ha', ' SEDPkg/ha', 'NSURQkg/ha', 'NLATQkg/ha', ' NO3Lkg/ha',
  'NO3GWkg/ha', ' SOLPkg/ha', ' P_GWkg/ha', '    W_STRS', '  TMP_STRS', '    N_STRS', '    P_STRS',
  '  BIOMt/ha', '       LAI', '   YLDt/ha', '  BACTPct ', '  BACTLPct', ' WTAB CLIm', ' WTAB SOLm',
  '     SNOmm', ' CMUPkg/ha', 'CMTOTkg/ha', '   QTILEmm', ' TNO3kg/ha', ' LNO3kg/ha', '  GW_Q_Dmm',
  ' LATQCNTmm',
];

/** Rev 664+ add TVAPkg/ha (P through soil cracks) at the end of the HRU list. */
export const HRU_LABELS_664: readonly string[] = [...HRU_LABELS_637, ' TVAPkg/ha'];

/** Full (default) label set of a file for a rev: what SWAT prints when file.cio's print list is all zeros. */
export function defaultLabels(file: OutputFileKind, rev = 637): readonly string[] {
  const late = rev >= 664;
  if (file === 'rch') return late ? RCH_LABELS_664 : RCH_LABELS_637;
  if (file === 'sub') return late ? SUB_LABELS_664 : SUB_LABELS_637;
  return late ? HRU_LABELS_664 : HRU_LABELS_637;
}

/** Full (default) variable names of a file for a rev. */
export function defaultColumns(file: OutputFileKind, rev = 637): string[] {
  return defaultLabels(file, rev).map((l) => l.trim());
}

/**
 * Columns selected by a file.cio print list ('Reach output variables', 'Subbasin output
 * variables', 'HRU output variables'): codes are 1-based positions in the full list;
 * zeros are ignored; an empty/all-zero list means every variable.
 */
export function columnsFromPrintList(file: OutputFileKind, codes: readonly number[], rev = 637): string[] {
  const all = defaultColumns(file, rev);
  const picked = codes.filter((c) => c > 0);
  if (picked.length === 0) return all;
  return picked.map((c) => {
    const name = all[c - 1];
    if (name === undefined) throw new Error(`output.${file}: print code ${c} out of range 1..${all.length} for rev ${rev}`);
    return name;
  });
}

/** The printed label of a variable (rev table first, else right-justified in the label width). */
export function labelFor(file: OutputFileKind, name: string, rev = 637): string {
  const width = file === 'rch' ? 12 : 10;
  for (const table of [defaultLabels(file, rev), defaultLabels(file, rev >= 664 ? 637 : 664)]) {
    for (const l of table) if (l.trim() === name) return l;
  }
  return name.length >= width ? name.slice(0, width) : name.padStart(width);
}

// ---------------------------------------------------------------------------------
// Data-row descriptor sequences (after AREAkm2).

const RCH_VALUE = E(12, 4);
// subday.f/submon.f/subyr.f: 18 values, then 1x,e10.5 (chlorophyll a), then e10.3.
const SUB_DAY_VALUE = E(10, 3);
const SUB_PERIOD_VALUE = F(10, 3);
const SUB_CHLA = E(10, 5, 1);
// hruday.f/hrumon.f/hruyr.f/hruaa.f: 66 f10.3, 1x,e10.5 twice (bacteria), 8 e10.3, f10.3.
const HRU_F = F(10, 3);
const HRU_BACT = E(10, 5, 1);
const HRU_E = E(10, 3);

/**
 * Edit descriptor of the i-th printed value (0-based, after AREAkm2). The daily
 * output.sub prints e10.3 where monthly/yearly/average rows print f10.3.
 */
export function valueFormat(layout: OutputLayout, index: number, daily: boolean): FieldFormat {
  if (layout.file === 'rch') return RCH_VALUE;
  if (layout.file === 'sub') {
    if (index < 18) return daily ? SUB_DAY_VALUE : SUB_PERIOD_VALUE;
    if (index === 18) return SUB_CHLA;
    return SUB_DAY_VALUE;
  }
  if (index < 66) return HRU_F;
  if (index < 68) return HRU_BACT;
  if (index < 76) return HRU_E;
  return HRU_F;
}

/** Offsets of the value fields of a row with `count` values (after AREAkm2). */
export function valueOffsets(layout: OutputLayout, count: number, daily: boolean): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(count);
  const end = new Int32Array(count);
  let pos = layout.areaStart + layout.areaFormat.width;
  for (let i = 0; i < count; i++) {
    const f = valueFormat(layout, i, daily);
    start[i] = pos;
    pos += f.width;
    end[i] = pos;
  }
  return { start, end };
}

// ---------------------------------------------------------------------------------
// Layouts (prefix fields). Offsets are computed from the FORMAT statements:
//   rch  ('REACH ',i4,1x,i8,1x,i5,47e12.4)                    MON i5 / f5.1
//   rch  ('REACH ',i4,1x,i8,1x,i3,1x,i2,1x,i4,1x,47e12.4)      ICALEN = 1
//   sub  ('BIGSUB',i4,1x,i8,1x,i4,e10.5,...)                    MON i4 / f4.1
//   sub  ('BIGSUB',i4,1x,i8,1x,i2,1x,i2,1x,i4,1x,e10.5,...,i6)  ICALEN = 1, rev 637 (SUB repeated)
//   sub  ('BIGSUB',i5,...)                                       rev 670+ widen SUB
//   hru  (a4,i5,1x,a5,a4,i5,1x,i4,1x,i4,e10.5,...)              MON i4 / f4.1
//   hru  (a4,i5,1x,a5,a4,i5,1x,i4,1x,i2,1x,i2,1x,i4,1x,e10.5,...) ICALEN = 1

export const HEADER_PREFIX = {
  rch: '       RCH      GIS   MON     AREAkm2',
  rchCal: '       RCH      GIS  MO DA   YR     AREAkm2',
  sub: '       SUB      GIS  MON   AREAkm2',
  subCal: '       SUB      GIS  MO DA  YR   AREAkm2',
  hru: 'LULC  HRU       GIS  SUB  MGT  MON   AREAkm2',
  hruCal: 'LULC  HRU       GIS  SUB  MGT MO DA   YR   AREAkm2',
} as const;

export interface LayoutOptions {
  calendar?: boolean;
  /** Width of the RCH/SUB number (4 in rev ≤ 664, 5 in rev 670+ output.sub). */
  unitWidth?: number;
  /** Rev 637 daily calendar output.sub: trailing i6 with the subbasin number. */
  trailingUnit?: boolean;
}

/** Builds the layout of a file variant. */
export function outputLayout(file: OutputFileKind, opts: LayoutOptions = {}): OutputLayout {
  const calendar = opts.calendar ?? false;
  if (file === 'rch') {
    const uw = opts.unitWidth ?? 4;
    // 'REACH ' + unit + 1x + i8 + 1x + (i5 | i3,1x,i2,1x,i4,1x)
    const areaStart = 6 + uw + 1 + 8 + 1 + (calendar ? 3 + 1 + 2 + 1 + 4 + 1 : 5);
    return {
      id: `rch${calendar ? '-cal' : ''}${uw !== 4 ? `-u${uw}` : ''}`,
      file, calendar, tag: 'REACH ', unitWidth: uw, areaStart, areaFormat: E(12, 4),
      headerPrefix: calendar ? HEADER_PREFIX.rchCal : HEADER_PREFIX.rch, labelWidth: 12, trailingUnitWidth: 0,
    };
  }
  if (file === 'sub') {
    const uw = opts.unitWidth ?? 4;
    const areaStart = 6 + uw + 1 + 8 + 1 + (calendar ? 2 + 1 + 2 + 1 + 4 + 1 : 4);
    const trailing = calendar && (opts.trailingUnit ?? false);
    return {
      id: `sub${calendar ? '-cal' : ''}${uw !== 4 ? `-u${uw}` : ''}${trailing ? '-637' : ''}`,
      file, calendar, tag: 'BIGSUB', unitWidth: uw, areaStart, areaFormat: E(10, 5),
      headerPrefix: calendar ? HEADER_PREFIX.subCal : HEADER_PREFIX.sub, labelWidth: 10, trailingUnitWidth: trailing ? 6 : 0,
    };
  }
  const uw = opts.unitWidth ?? 5;
  // a4 + HRU + 1x + a5a4 + i5 SUB + 1x + i4 MGT + (1x,i4 | 1x,i2,1x,i2,1x,i4,1x)
  const areaStart = 4 + uw + 1 + 9 + 5 + 1 + 4 + (calendar ? 1 + 2 + 1 + 2 + 1 + 4 + 1 : 1 + 4);
  return {
    id: `hru${calendar ? '-cal' : ''}${uw !== 5 ? `-u${uw}` : ''}`,
    file, calendar, tag: '', unitWidth: uw, areaStart, areaFormat: E(10, 5),
    headerPrefix: calendar ? HEADER_PREFIX.hruCal : HEADER_PREFIX.hru, labelWidth: 10, trailingUnitWidth: 0,
  };
}

/** Layout SWAT of a given rev uses for a file (what the writers produce by default). */
export function layoutForRev(file: OutputFileKind, rev: number, calendar: boolean): OutputLayout {
  if (file === 'sub') return outputLayout('sub', { calendar, unitWidth: rev >= 670 ? 5 : 4, trailingUnit: calendar && rev < 664 });
  return outputLayout(file, { calendar });
}

/** Candidate layouts tried when reading a file of unknown rev. */
export function candidateLayouts(file: OutputFileKind, calendar: boolean): OutputLayout[] {
  if (file === 'rch') return [outputLayout('rch', { calendar }), outputLayout('rch', { calendar, unitWidth: 5 })];
  if (file === 'sub') {
    const list = [outputLayout('sub', { calendar }), outputLayout('sub', { calendar, unitWidth: 5 })];
    if (calendar) list.push(outputLayout('sub', { calendar, trailingUnit: true }), outputLayout('sub', { calendar, unitWidth: 5, trailingUnit: true }));
    return list;
  }
  return [outputLayout('hru', { calendar }), outputLayout('hru', { calendar, unitWidth: 7 })];
}
