// Typed SWAT2012 TxtInOut inputs. Parameter fields carry the SWAT names (upper case, as in the
// SWAT2012 Input/Output documentation and the files' labels); structure fields are camelCase.
import type {
  BSN_SCHEMA,
  CIO_SCHEMA,
  GW_SCHEMA,
  HRU_SCHEMA,
  MGT_SCHEMA,
  PND_SCHEMA,
  RES_SCHEMA,
  LWQ_SCHEMA,
  RTE_SCHEMA,
  SEP_SCHEMA,
  SUB_SCHEMA,
  SWQ_SCHEMA,
  WUS_SCHEMA,
} from './schemas.ts';

/** One line of a keyed file schema (see schemas.ts). */
export type SchemaEntry =
  | string
  | readonly [key: string, kind: 'i' | 'r' | 's', decimals: number, label: string]
  | readonly [key: string, kind: 'a', count: number, decimals: number, width: number, offset: number]
  | readonly [key: string, kind: 'f', count: number, width: number, offset: number];
export type Schema = readonly SchemaEntry[];

type EntryKey<E> = E extends readonly [infer K extends string, ...unknown[]] ? K : never;
type EntryValue<E> = E extends readonly [string, 's', ...unknown[]]
  ? string
  : E extends readonly [string, 'a', ...unknown[]]
    ? number[]
    : E extends readonly [string, 'f', ...unknown[]]
      ? string[]
      : number;
/** The typed values of a schema: one field per SWAT parameter. */
export type SchemaValues<S extends Schema> = {
  -readonly [E in S[number] as EntryKey<E>]: EntryValue<E>;
};

/** How a keyed file was laid out (text lines, labels, justification), kept so a rewrite matches
 * the original. Shared between files of the same layout; treat as opaque. Absent on new objects:
 * the writer then uses the ArcSWAT 2012 layout. */
export interface Layout {
  readonly items: readonly LayoutItem[];
}
export type LayoutItem =
  | string
  | {
      /** index of the schema entry */
      readonly i: number;
      /** text from the `|` on (parameters) */
      readonly label?: string;
      /** column of the `|`, or -1 */
      readonly pipe?: number;
      /** right-justified values end at this column; 0 = left-justified */
      readonly end?: number;
      /** array lines: field width and decimals as found */
      readonly width?: number;
      readonly decimals?: number;
    };

/** Common part of every file object read from a keyed (`value | NAME`) file. */
export interface KeyedFile {
  /** first line of the file (free text) */
  title: string;
  layout?: Layout;
}

export type CioValues = SchemaValues<typeof CIO_SCHEMA>;
/** file.cio: every setting readfile.f reads. RFILE/TFILE: the 18 pcp/tmp file name slots (6a13
 * on 3 lines; '' for empty). IPDVAR/IPDVAS/IPDVAB/IPDHRU: the print variable / HRU lists. */
export interface FileCio extends CioValues, KeyedFile {}

export type BsnValues = SchemaValues<typeof BSN_SCHEMA>;
/** basins.bsn: every basin-wide parameter by name. */
export interface Bsn extends BsnValues, KeyedFile {}

export type RteValues = SchemaValues<typeof RTE_SCHEMA>;
/** .rte main channel (reach) inputs; CH_ERODMO has the 12 monthly erodibility factors. */
export interface Rte extends RteValues, KeyedFile {}

export type PndValues = SchemaValues<typeof PND_SCHEMA>;
export interface Pnd extends PndValues, KeyedFile {}

export type ResValues = SchemaValues<typeof RES_SCHEMA>;
/** .res: reservoir parameters (volumes in 10^4 m3, areas in ha, flows in m3/s, as in the file). */
export interface Res extends ResValues, KeyedFile {}

export type LwqValues = SchemaValues<typeof LWQ_SCHEMA>;
/** .lwq: reservoir nutrient settling and initial concentrations (mg/l), lake pesticide. */
export interface Lwq extends LwqValues, KeyedFile {}

export type SwqValues = SchemaValues<typeof SWQ_SCHEMA>;
export interface Swq extends SwqValues, KeyedFile {}

export type WusValues = SchemaValues<typeof WUS_SCHEMA>;
/** .wus: monthly water use [10^4 m3/day] from ponds, reach, shallow and deep aquifer (12 each). */
export interface Wus extends WusValues, KeyedFile {}

export type HruValues = SchemaValues<typeof HRU_SCHEMA>;
export interface Hru extends HruValues, KeyedFile {}

export type GwValues = SchemaValues<typeof GW_SCHEMA>;
export interface Gw extends GwValues, KeyedFile {}

export type SepValues = SchemaValues<typeof SEP_SCHEMA>;
export interface Sep extends SepValues, KeyedFile {}

export type SubValues = SchemaValues<typeof SUB_SCHEMA>;
/** The files of one HRU as listed at the end of a .sub file (format 8a13; '' when blank). */
export interface SubHruFiles {
  hru: string;
  mgt: string;
  sol: string;
  chm: string;
  gw: string;
  ops: string;
  sep: string;
  sdr: string;
}
/** .sub: subbasin inputs, elevation bands (ELEVB, ELEVB_FR, SNOEB: 10 each), climate change
 * (RFINC, TMPINC, RADINC, HUMINC: 12 months each) and the HRU file list. */
export interface Sub extends SubValues, KeyedFile {
  hruFiles: SubHruFiles[];
  /** the text lines between HRUTOT and the HRU list (pothole/floodplain/riparian headings) */
  hruSectionText: string[];
}

export type MgtGeneralValues = SchemaValues<typeof MGT_SCHEMA>;

/** The columns of a .mgt operation line (format
 * (1x,i2,1x,i2,1x,f8.3,1x,i2,1x,i4,1x,i3,1x,i2,1x,f12.5,1x,f6.2,1x,f11.5,1x,f4.2,1x,f6.2,1x,f5.2,i12)). */
export type MgtColumn =
  | 'mgt1i'
  | 'mgt2i'
  | 'mgt3i'
  | 'mgt4'
  | 'mgt5'
  | 'mgt6'
  | 'mgt7'
  | 'mgt8'
  | 'mgt9'
  | 'mgt10i';

interface OperationBase {
  /** 0 when scheduled by heat units */
  month: number;
  day: number;
  /** heat unit fraction (HUSC); 0 when scheduled by date */
  husc: number;
  /** values in columns this operation type does not define (kept so a rewrite loses nothing) */
  unused?: Partial<Record<MgtColumn, number>>;
}
export interface PlantOperation extends OperationBase {
  op: 1;
  PLANT_ID: number;
  CURYR_MAT: number;
  HEAT_UNITS: number;
  LAI_INIT: number;
  BIO_INIT: number;
  HI_TARG: number;
  BIO_TARG: number;
  CNOP: number;
}
export interface IrrigationOperation extends OperationBase {
  op: 2;
  IRR_SC: number;
  IRR_NO: number;
  IRR_AMT: number;
  IRR_SALT: number;
  IRR_EFM: number;
  IRR_SQ: number;
}
export interface FertilizerOperation extends OperationBase {
  op: 3;
  FERT_ID: number;
  FRT_KG: number;
  FRT_SURFACE: number;
}
export interface PesticideOperation extends OperationBase {
  op: 4;
  PEST_ID: number;
  PST_KG: number;
  PST_DEP: number;
}
export interface HarvestKillOperation extends OperationBase {
  op: 5;
  CNOP: number;
  HI_OVR: number;
  FRAC_HARVK: number;
}
export interface TillageOperation extends OperationBase {
  op: 6;
  TILL_ID: number;
  CNOP: number;
}
/** harvest only: sched_mgt.f reads mgt5 as the harvest index override for biomass (HI_BMS, the
 * I/O docs' HI_OVR) and mgt6 as the one for residue (HI_RSD). */
export interface HarvestOperation extends OperationBase {
  op: 7;
  IHV_GBM: number;
  HARVEFF: number;
  HI_BMS: number;
  HI_RSD: number;
}
export interface KillOperation extends OperationBase {
  op: 8;
}
export interface GrazingOperation extends OperationBase {
  op: 9;
  GRZ_DAYS: number;
  MANURE_ID: number;
  BIO_EAT: number;
  BIO_TRMP: number;
  MANURE_KG: number;
}
export interface AutoIrrigationOperation extends OperationBase {
  op: 10;
  WSTRS_ID: number;
  IRR_SCA: number;
  IRR_NOA: number;
  AUTO_WSTRS: number;
  IRR_EFF: number;
  IRR_MX: number;
  IRR_ASQ: number;
}
export interface AutoFertilizationOperation extends OperationBase {
  op: 11;
  AFERT_ID: number;
  NSTRESS: number;
  AUTO_NSTRS: number;
  AUTO_NAPP: number;
  AUTO_NYR: number;
  AUTO_EFF: number;
  AFRT_SURFACE: number;
}
export interface StreetSweepingOperation extends OperationBase {
  op: 12;
  SWEEPEFF: number;
  FR_CURB: number;
}
export interface ReleaseImpoundOperation extends OperationBase {
  op: 13;
  IMP_TRIG: number;
}
export interface ContinuousFertilizationOperation extends OperationBase {
  op: 14;
  FERT_DAYS: number;
  CFRT_ID: number;
  IFRT_FREQ: number;
  CFRT_KG: number;
}
export interface ContinuousPesticideOperation extends OperationBase {
  op: 15;
  CPST_ID: number;
  PEST_DAYS: number;
  IPST_FREQ: number;
  CPST_KG: number;
}
export interface BurnOperation extends OperationBase {
  op: 16;
  BURN_FRLB: number;
}
/** op 17: skip to the next year of the rotation (end of year). */
export interface SkipYearOperation extends OperationBase {
  op: 17;
}
/** op 0: end of rotation year (SWAT2005 files; SWAT2012 treats it as 17). */
export interface EndOfYearOperation extends OperationBase {
  op: 0;
}
export type MgtOperation =
  | EndOfYearOperation
  | PlantOperation
  | IrrigationOperation
  | FertilizerOperation
  | PesticideOperation
  | HarvestKillOperation
  | TillageOperation
  | HarvestOperation
  | KillOperation
  | GrazingOperation
  | AutoIrrigationOperation
  | AutoFertilizationOperation
  | StreetSweepingOperation
  | ReleaseImpoundOperation
  | ContinuousFertilizationOperation
  | ContinuousPesticideOperation
  | BurnOperation
  | SkipYearOperation;
export type MgtOperationCode = MgtOperation['op'];

/** .mgt: general management parameters and the operation schedule, in file order (op 17 lines
 * separate the years of the rotation). */
export interface Mgt extends MgtGeneralValues, KeyedFile {
  operations: MgtOperation[];
}

/** One soil layer of a .sol file. */
export interface SoilLayer {
  SOL_Z: number;
  SOL_BD: number;
  SOL_AWC: number;
  SOL_K: number;
  SOL_CBN: number;
  CLAY: number;
  SILT: number;
  SAND: number;
  ROCK: number;
  SOL_ALB: number;
  USLE_K: number;
  SOL_EC: number;
  /** 0 when the file has no pH row */
  SOL_PH: number;
  /** 0 when the file has no CaCO3 row */
  SOL_CAL: number;
}
export interface Sol {
  title: string;
  SNAM: string;
  HYDGRP: string;
  SOL_ZMX: number;
  ANION_EXCL: number;
  SOL_CRK: number;
  TEXTURE: string;
  layers: SoilLayer[];
  /** number of layer property rows in the file (12 = up to EC, 13 = pH, 14 = CaCO3) */
  rows: number;
}

export interface ChmPesticide {
  PSTNUM: number;
  PLTPST: number;
  SOLPST: number;
  PSTENR: number;
}
/** .chm: initial soil nutrients per layer (10 columns) and the initial pesticides. */
export interface Chm {
  title: string;
  SOL_NO3: number[];
  SOL_ORGN: number[];
  SOL_SOLP: number[];
  SOL_ORGP: number[];
  /** absent in files without the "Phosphorus perc coef" row */
  PPERCO_SUB?: number[];
  pesticides: ChmPesticide[];
}

/** .wgn weather generator statistics (12 monthly values per array). */
export interface Wgn {
  title: string;
  WLATITUDE: number;
  WLONGITUDE: number;
  WELEV: number;
  RAIN_YRS: number;
  TMPMX: number[];
  TMPMN: number[];
  TMPSTDMX: number[];
  TMPSTDMN: number[];
  PCPMM: number[];
  PCPSTD: number[];
  PCPSKW: number[];
  PR_W1: number[];
  PR_W2: number[];
  PCPD: number[];
  RAINHHMX: number[];
  SOLARAV: number[];
  DEWPT: number[];
  WNDAV: number[];
}

/** fig.fig routing command (readfig.f): name (a10), then icode ihout inum1 inum2 inum3 (i6),
 * rnum1 (f6.3), inum4 (i9), then file lines. */
export interface FigCommand {
  /** command name as written (subbasin, route, routres, add, recday, reccnst, saveconc, finish...) */
  command: string;
  /** command code: 0 finish, 1 subbasin, 2 route, 3 routres, 4 transfer, 5 add, 6 rechour,
   * 7 recmon, 8 recyear, 9 save, 10 recday, 11 reccnst, 12 structure, 13 apex, 14 saveconc,
   * 16 autocal, 17 routunit, 18 routels */
  icode: number;
  /** output hydrograph storage location number */
  ihout: number;
  inum1: number;
  inum2: number;
  inum3: number;
  rnum1: number;
  inum4: number;
  /** file names read from the following line(s) */
  files: string[];
  /** text after the numeric fields (e.g. "Subbasin: 1") */
  comment?: string;
  /** first 10 columns of the file line when not blank (e.g. "Pnt.Source") */
  filePrefix?: string;
}
export interface Fig {
  commands: FigCommand[];
}

export interface WeatherStation {
  name: string;
  lat: number;
  long: number;
  elev: number;
}
/** Daily precipitation file (.pcp; format i4,i3,1800f5.1): -99 = missing. */
export interface PcpFile {
  /** first line, only when it is not ArcSWAT's "Station  name1,name2," */
  title?: string;
  stations: WeatherStation[];
  /** yyyyddd of each row */
  dates: Int32Array;
  /** per station, one value per row [mm] */
  pcp: Float64Array[];
}
/** Daily temperature file (.tmp; format i4,i3,3600f5.1): max and min per station [°C]. */
export interface TmpFile {
  /** first line, only when it is not ArcSWAT's "Station  name1,name2," */
  title?: string;
  stations: WeatherStation[];
  dates: Int32Array;
  tmax: Float64Array[];
  tmin: Float64Array[];
}
/** Solar radiation / humidity / wind file (.slr .hmd .wnd; title line, then i7, f8.3 per record). */
export interface SeriesFile {
  title: string;
  dates: Int32Array;
  values: Float64Array[];
}

export interface PlantRecord {
  ICNUM: number;
  CPNM: string;
  IDC: number;
  BIO_E: number;
  HVSTI: number;
  BLAI: number;
  FRGRW1: number;
  LAIMX1: number;
  FRGRW2: number;
  LAIMX2: number;
  DLAI: number;
  CHTMX: number;
  RDMX: number;
  T_OPT: number;
  T_BASE: number;
  CNYLD: number;
  CPYLD: number;
  BN1: number;
  BN2: number;
  BN3: number;
  BP1: number;
  BP2: number;
  BP3: number;
  WSYF: number;
  USLE_C: number;
  GSI: number;
  VPDFR: number;
  FRGMAX: number;
  WAVP: number;
  CO2HI: number;
  BIOEHI: number;
  RSDCO_PL: number;
  ALAI_MIN: number;
  BIO_LEAF: number;
  MAT_YRS: number;
  BMX_TREES: number;
  EXT_COEF: number;
  BM_DIEOFF: number;
}
export interface FertRecord {
  IFNUM: number;
  FERTNM: string;
  FMINN: number;
  FMINP: number;
  FORGN: number;
  FORGP: number;
  FNH3N: number;
  BACTPDB: number;
  BACTLPDB: number;
  BACTKDDB: number;
}
export interface TillRecord {
  ITNUM: number;
  TILLNM: string;
  EFFMIX: number;
  DEPTIL: number;
  RANRNS: number;
}
export interface PestRecord {
  IPNUM: number;
  PESTNM: string;
  SKOC: number;
  WOF: number;
  HLIFE_F: number;
  HLIFE_S: number;
  AP_EF: number;
  WSOL: number;
}
export interface UrbanRecord {
  IUNUM: number;
  URBNAME: string;
  /** long description */
  URBFLNM: string;
  FIMP: number;
  FCIMP: number;
  CURBDEN: number;
  URBCOEF: number;
  DIRTMX: number;
  THALF: number;
  TNCONC: number;
  TPCONC: number;
  TNO3CONC: number;
  URBCN2: number;
}

/** The files of one HRU. Missing files are undefined (and reported in `warnings`). */
export interface HruInputs {
  files: SubHruFiles;
  hru?: Hru;
  mgt?: Mgt;
  sol?: Sol;
  chm?: Chm;
  gw?: Gw;
  sep?: Sep;
}
/** A subbasin (fig.fig `subbasin` command) with its .sub and the files it names. */
export interface SubbasinInputs {
  /** subbasin number (fig.fig inum1) */
  number: number;
  /** .sub file name as fig.fig writes it */
  file: string;
  sub: Sub;
  wgn?: Wgn;
  pnd?: Pnd;
  wus?: Wus;
  hrus: HruInputs[];
}
/** A reach (fig.fig `route` command). */
export interface ReachInputs {
  /** reach number (fig.fig inum1 of the route command) */
  number: number;
  rteFile: string;
  swqFile: string;
  rte?: Rte;
  swq?: Swq;
}
export interface Weather {
  /** by file name as file.cio writes it, in file.cio order. Sub-daily precipitation (IDT > 0)
   * is not parsed: those files stay in `otherFiles`. */
  pcp: Record<string, PcpFile>;
  tmp: Record<string, TmpFile>;
  slr?: SeriesFile;
  hmd?: SeriesFile;
  wnd?: SeriesFile;
}
export interface Databases {
  plant: PlantRecord[];
  fert: FertRecord[];
  till: TillRecord[];
  pest: PestRecord[];
  urban: UrbanRecord[];
}
/** A whole SWAT2012 TxtInOut project. */
export interface SwatProject {
  cio: FileCio;
  fig: Fig;
  bsn: Bsn;
  subbasins: SubbasinInputs[];
  reaches: ReachInputs[];
  weather?: Weather;
  databases?: Databases;
  /** raw text of the other files in the folder (basins.wwq, .sep's siblings .sdr, .res, .lwq,
   * ATMO.ATM, point-source files...), by the file's name on disk; written back unchanged */
  otherFiles: Record<string, string>;
  /** problems met while reading (missing files, unparsable lines) */
  warnings: string[];
}

export interface ReadOptions {
  /** parse the pcp/tmp/slr/hmd/wnd files (default true; when false they are kept as raw text
   * in otherFiles, unless otherFiles is false) */
  weather?: boolean;
  /** parse plant/fert/till/pest/urban (default true; when false: raw text in otherFiles) */
  databases?: boolean;
  /** keep the raw text of files this reader does not model (default true) */
  otherFiles?: boolean;
  /** read the HRU files (.hru/.mgt/.sol/.chm/.gw/.sep; default true). With false each
   * subbasin's `hrus` list only names the files: a caller streams them itself (the engine). */
  hrus?: boolean;
  /** the folder's files in memory, name → text (formatTxtInOut): read instead of `dir`, which
   * may still be being written */
  files?: ReadonlyMap<string, string>;
}
export interface WriteOptions {
  /** line ending (default '\r\n', as ArcSWAT writes) */
  eol?: '\r\n' | '\n';
}
