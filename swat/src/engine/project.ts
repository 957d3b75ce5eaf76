// The engine's compact input model: just what the simulation needs, in SWAT's units.
// Built by ./adapter.ts from the TxtInOut reader (../txtinout), or by hand in tests.
import type { SubImpound } from './impound.ts';

export interface SimControl {
  nbyr: number;
  iyr: number;
  idaf: number;
  idal: number;
  igen: number; // random number seed cycle code (0: SWAT's default seeds)
  idist: number; // 0 skewed normal, 1 exponential rainfall
  rexp: number; // exponent of the exponential distribution
  pcpsim: number; // 1 measured, 2 simulated
  tmpsim: number;
  slrsim: number;
  rhsim: number;
  windsim: number;
  iprint: number; // 0 monthly, 1 daily, 2 yearly
  nyskip: number;
  icalen: number;
  /** I_SUBW: 1 routes the sediment of headwater reaches, 0 (SWAT's default) does not */
  isubhw?: number;
  rchVars: number[]; // print lists (0 = all)
  subVars: number[];
  hruVars: number[];
  hruPrint: number[]; // HRU numbers to print (empty = all)
  title: string[]; // the 3 title lines of file.cio
}

export interface Basin {
  sftmp: number; smtmp: number; smfmx: number; smfmn: number; timp: number;
  snocovmx: number; sno50cov: number;
  ipet: number; esco: number; epco: number; evlai: number; ffcb: number;
  /** RES_STLR_CO: settling coefficient of suspended sediment in ponds and wetlands (impound.ts) */
  resStlrCo: number;
  ievent: number; icrk: number; surlag: number; adjPkr: number; prf: number; spcon: number; spexp: number;
  rcn: number; rcnSub: number; cmn: number; nUpdis: number; pUpdis: number; nperco: number; pperco: number; phoskd: number; psp: number; rsdco: number;
  irte: number; mskCo1: number; mskCo2: number; mskX: number; ideg: number; iwq: number; trnsrch: number; evrch: number;
  /** ISUBWQ 1: chlorophyll-a, CBOD and dissolved oxygen in the subbasins' runoff (subwq.f); the
   * basin's QUAL2E constants (the .wwq file, readwwq.f) */
  isubwq: number; wwq: import('./wq.ts').WwqParams;
  icn: number; cncoef: number; cdn: number; sdnco: number;
  cnFroz: number; dormHr: number; smxco: number; fixco: number; nfixmx: number;
  decrMin: number; rsdCovco: number; vcrit: number; chD50: number; sigG: number;
  chEqnDefault: number;
  /** ANION_EXCL_BSN: the anion exclusion of soils that give none (readsol.f; 0.2 when 0) */
  anionExclBsn?: number;
  /** DEPIMP_BSN: depth to the impervious layer of HRUs that give none (readhru.f; 6000 mm when 0) */
  depImpBsn?: number;
  petFile: string;
}

export interface Subbasin {
  num: number; // 1-based subbasin number as in fig.fig
  area: number; // km2
  lat: number;
  elev: number;
  irgage: number; itgage: number; isgage: number; ihgage: number; iwgage: number;
  elevb: number[]; elevbFr: number[]; snoeb: number[];
  plaps: number; tlaps: number; snoSub: number;
  chL1: number; chS1: number; chW1: number; chK1: number; chN1: number;
  co2: number;
  rfinc: number[]; tmpinc: number[]; radinc: number[]; huminc: number[];
  wgn: Wgn;
  /** the .pnd's ponds and wetlands (impound.ts); null when the subbasin has neither */
  impound: SubImpound | null;
  /** the .wus's consumptive water use, 10^4 m3/day by month: WUPND, WURCH, WUSHAL, WUDEEP (12
   * each, January first); null when all are zero */
  wus: number[] | null;
  /** the HRUs, or [] when they are streamed by Project.hruSource */
  hrus: Hru[];
  /** number of HRUs (the .sub's list) when `hrus` is streamed */
  hruCount?: number;
}

export interface Wgn {
  lat: number; elev: number; rainYrs: number;
  tmpmx: number[]; tmpmn: number[]; tmpstdmx: number[]; tmpstdmn: number[];
  pcpmm: number[]; pcpstd: number[]; pcpskw: number[]; prW1: number[]; prW2: number[]; pcpd: number[];
  rainhhmx: number[]; solarav: number[]; dewpt: number[]; wndav: number[];
}

export interface MgtOp {
  month: number; day: number; husc: number; op: number;
  i1: number; i2: number; i3: number;
  v4: number; v5: number; v6: number; v7: number; v8: number; v9: number; v10: number;
}

export interface SoilLayer {
  z: number; // depth to bottom mm
  bd: number; awc: number; k: number; cbn: number; clay: number; silt: number; sand: number; rock: number; alb: number; usleK: number;
}

export interface Hru {
  name: string; // e.g. 000010001
  landuse: string;
  soilName: string;
  hydGrp: string;
  hruFr: number; slsubbsn: number; slp: number; ovN: number; latTtime: number; latSed: number; slsoil: number;
  /** DIS_STREAM: average distance to the stream (m; SWAT's default 35 when 0) */
  disStream?: number;
  canmx: number; esco: number; epco: number; surlag: number; rsdin: number; erorgn: number; erorgp: number;
  potFr: number; potTile: number; potVolx: number; potVol: number; depImp: number; evpot: number;
  /** pothole surface conductivity (mm/h; the top soil layer's when 0), nitrate and soluble P loss rates (1/day) */
  potK: number; potNo3l: number; potSolpl: number;
  // gw
  shallst: number; deepst: number; gwDelay: number; alphaBf: number; gwqmn: number; gwRevap: number; revapmn: number; rchrgDp: number;
  gwSpyld: number; alphaBfD: number; gwsolp: number; shallstN: number;
  // mgt
  igro: number; plantId: number; laiInit: number; bioInit: number; phuPlt: number;
  biomix: number; cn2: number; usleP: number; bioMin: number; filterw: number;
  iurban: number; urblu: number; irrsc: number; irrno: number;
  nrot: number;
  ops: MgtOp[];
  // soil
  solZmx: number; anionExcl: number; layers: SoilLayer[];
  // chm
  solNo3: number[]; solOrgn: number[]; solLabp: number[]; solOrgp: number[];
  /** tile drain values of the .mgt (mgt-extra.ts) */
  extra?: import('./mgt-extra.ts').HruExtra;
}

export interface PlantParams {
  id: number; name: string; idc: number;
  bioE: number; hvsti: number; blai: number; frgrw1: number; laimx1: number; frgrw2: number; laimx2: number; dlai: number; chtmx: number; rdmx: number;
  tOpt: number; tBase: number; cnyld: number; cpyld: number; bn1: number; bn2: number; bn3: number; bp1: number; bp2: number; bp3: number;
  wsyf: number; usleC: number; gsi: number; vpdfr: number; frgmax: number; wavp: number; co2hi: number; bioehi: number; rsdcoPl: number; alaiMin: number;
  bioLeaf: number; matYrs: number; bmxTrees: number; extCoef: number; bmDieoff: number;
}

export interface FertParams { id: number; name: string; fminn: number; fminp: number; forgn: number; forgp: number; fnh3n: number }
export interface TillParams { id: number; name: string; effmix: number; deptil: number }
export interface UrbanParams { id: number; name: string; fimp: number; fcimp: number }

export interface Reach {
  sub: number; // the subbasin whose .rte it is
  chW2: number; chD: number; chS2: number; chL2: number; chN2: number; chK2: number;
  chCov1: number; chCov2: number; chWdr: number; alphaBnk: number; chSide: number; chEqn: number;
  /** monthly channel erodibility (CH_ERODMO; CH_COV1 when all 0), reach PRF/SPCON/SPEXP (basin values when 0) */
  chErodmo: number[]; prf: number; spcon: number; spexp: number;
  /** CH_EQN 1–4 (rtsed_bagnold/kodatie/Molinas_Wu/yangsand.f): bank and bed material as readrte.f
   * completes it — median size (µm), bulk density (g/cm³), critical shear stress (N/m²),
   * erodibility (cm³/N/s) and the particle-size fractions (SIZE order: sand, silt, clay, small and
   * large aggregates, gravel) */
  bnkD50: number; bedD50: number; bnkBd: number; bedBd: number; tcBnk: number; tcBed: number; kdBnk: number; kdBed: number;
  bnkFr: number[]; bedFr: number[];
  /** QUAL2E rates of the reach's .swq (readswq.f, with its defaults) */
  swq: import('./wq.ts').SwqParams;
}

export type FigCommand =
  | { kind: 'subbasin'; out: number; sub: number }
  | { kind: 'route'; out: number; reach: number; inp: number }
  | { kind: 'add'; out: number; a: number; b: number }
  /** hydrograph commands not simulated: the inflow passes through unchanged */
  | { kind: 'pass'; out: number; inp: number; name: string }
  /** routres: reservoir `res` (reservoir.ts) */
  | { kind: 'routres'; out: number; inp: number; res: Reservoir }
  | { kind: 'rec'; out: number; file: string; code: 'recday' | 'recmon' | 'recyear' | 'reccnst'; series: PointSource }
  /** saveconc: the daily flow and concentrations of hydrograph `hyd` written to `file` (watout.dat) */
  | { kind: 'saveconc'; hyd: number; file: string };

/** A reservoir (.res and .lwq of a fig.fig routres command), in the files' units: volumes
 * 10^4 m3, areas ha, flows m3/s, concentrations mg/l, settling rates m/year. */
export interface Reservoir {
  num: number; file: string;
  sub: number; mores: number; iyres: number;
  esa: number; evol: number; psa: number; pvol: number; vol: number; sed: number; nsed: number; d50: number; k: number;
  iresco: number; oflowmx: number[]; oflowmn: number[]; rr: number; iflod1r: number; iflod2r: number; ndtargr: number;
  starg: number[]; wuresn: number[]; wurtnf: number; evrsv: number; oflowmnFps: number; stargFps: number;
  /** IRESCO 1: measured monthly outflow (m3/s), one row of 12 per simulated year */
  monthlyOut: number[][];
  /** IRESCO 3: measured daily outflow (m3/s), one value per day the reservoir operates */
  dailyOut: number[];
  // .lwq
  ires1: number; ires2: number; psetlr1: number; psetlr2: number; nsetlr1: number; nsetlr2: number; chlar: number; seccir: number;
  orgp: number; solp: number; orgn: number; no3: number; nh3: number; no2: number;
}

export interface PointSource {
  // flows m3/day and sediment t/day; loads kg/day
  kind: 'day' | 'mon' | 'year' | 'cnst';
  cnst?: number[]; // [flow, sed, orgn, orgp, no3, nh3, no2, minp]
  byKey?: Map<number, number[]>; // key: year*1000+day (day), year*100+month (mon), year (year)
}

export interface WeatherSeries {
  // per gauge arrays indexed by simulation day (0 = first day of IYR); -99 = missing
  pcp: Float32Array[];
  tmx: Float32Array[];
  tmn: Float32Array[];
  slr: Float32Array[];
  hmd: Float32Array[];
  wnd: Float32Array[];
  /** elevation (m) of each precipitation / temperature gauge (the files' Elev line) */
  pcpElev: number[];
  tmpElev: number[];
}

export interface Project {
  dir: string;
  control: SimControl;
  basin: Basin;
  subbasins: Subbasin[]; // index = subbasin number - 1
  reaches: Map<number, Reach>; // by reach number (= route inum1)
  fig: FigCommand[];
  plants: Map<number, PlantParams>;
  ferts: Map<number, FertParams>;
  tills: Map<number, TillParams>;
  urbans: Map<number, UrbanParams>;
  weather: WeatherSeries;
  ndays: number;
  /** Streams the HRUs of a subbasin (index = number - 1) when `subbasins[i].hrus` is empty: the
   * model converts them into its arrays and drops them (bounded memory for large projects). */
  hruSource?: (subIndex: number) => Iterable<Hru>;
  /** land use updates of lup.dat, by date (lup.ts) */
  lup?: import('./lup.ts').LandUseUpdate[];
  /** atmospheric deposition of file.cio's ATMO file (readatmodep.f, average annual inputs), by
   * subbasin index: ammonium and nitrate in rain (mg/L), dry deposition (kg/ha/yr) */
  atmo?: { rammo: number[]; rcn: number[]; dryNh4: number[]; dryNo3: number[] };
}
