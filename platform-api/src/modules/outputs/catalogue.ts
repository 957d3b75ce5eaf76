// The output variables of SWAT2012's output.rch, output.sub and output.hru as the outputs API
// names them: the variable (SWAT's label without its units: FLOW_OUT, SURQ...), what it is
// (SWAT 2012 input/output documentation, chapter 32), its metric units and their English
// conversion, and how values combine over a period (the rule SWAT uses when it prints monthly
// and yearly rows). The stored column names are the trimmed labels (`FLOW_OUTcms`); columns
// this catalogue does not know are offered under their label, summed.
import type { Aggregation } from './stats.ts';

export type OutputKind = 'rch' | 'sub' | 'hru';
export type OutputType = 'OutputRch' | 'OutputSub' | 'OutputHru';

export const OUTPUT_TYPES: { value: OutputType; kind: OutputKind; text: string; unitName: string }[] = [
  { value: 'OutputRch', kind: 'rch', text: 'Reach (output.rch)', unitName: 'Reach' },
  { value: 'OutputSub', kind: 'sub', text: 'Subbasin (output.sub)', unitName: 'Subbasin' },
  { value: 'OutputHru', kind: 'hru', text: 'HRU (output.hru)', unitName: 'HRU' },
];
export const kindOf = (t: string): OutputKind | undefined => OUTPUT_TYPES.find((x) => x.value === t)?.kind;

/** Metric units and how one converts to English units (value × factor + offset). */
type UnitDef = { metric: string; english: string; factor: number; offset?: number };
const U = {
  cms: { metric: 'm³/s', english: 'ft³/s', factor: 35.314666721 },
  mm: { metric: 'mm', english: 'in', factor: 1 / 25.4 },
  tons: { metric: 'metric tons', english: 'tons', factor: 1.102311311 },
  kg: { metric: 'kg', english: 'lb', factor: 2.204622622 },
  kgha: { metric: 'kg/ha', english: 'lb/ac', factor: 0.892179122 },
  tha: { metric: 't/ha', english: 'tons/ac', factor: 0.446089561 },
  mgl: { metric: 'mg/L', english: 'mg/L', factor: 1 },
  ugl: { metric: 'µg/L', english: 'µg/L', factor: 1 },
  mg: { metric: 'mg', english: 'mg', factor: 1 },
  ct: { metric: 'cfu', english: 'cfu', factor: 1 },
  degc: { metric: '°C', english: '°F', factor: 9 / 5, offset: 32 },
  m: { metric: 'm', english: 'ft', factor: 3.280839895 },
  mj: { metric: 'MJ/m²', english: 'MJ/m²', factor: 1 },
  days: { metric: 'days', english: 'days', factor: 1 },
  none: { metric: '', english: '', factor: 1 },
} satisfies Record<string, UnitDef>;

export type VariableDef = {
  /** The API's name (SWAT's label without units). */
  variable: string;
  /** Stored column names, first found wins (labels differ between SWAT revisions). */
  columns: string[];
  description: string;
  unit: UnitDef;
  agg: Aggregation;
  /** A flow-weighted concentration computed from daily loads and flow (daily output only):
   * Σ numerator / Σ denominator × factor. */
  ratio?: { numerator: string; denominator: string; factor: number };
};

const v = (variable: string, columns: string | string[], description: string, unit: UnitDef, agg: Aggregation = 'sum'): VariableDef => ({
  variable,
  columns: Array.isArray(columns) ? columns : [columns],
  description,
  unit,
  agg,
});

// kg per (m³/s × 1 day) → mg/L: kg / (Q·86400 m³) × 10⁶ mg/kg / 10³ L/m³
const KG_PER_CMS_DAY_TO_MGL = 1000 / 86400;

const RCH: VariableDef[] = [
  v('FLOW_IN', 'FLOW_INcms', 'Average daily streamflow into the reach', U.cms, 'mean'),
  v('FLOW_OUT', 'FLOW_OUTcms', 'Average daily streamflow out of the reach', U.cms, 'mean'),
  v('EVAP', 'EVAPcms', 'Average daily rate of water loss from the reach by evaporation', U.cms, 'mean'),
  v('TLOSS', 'TLOSScms', 'Average daily rate of water loss from the reach by transmission through the streambed', U.cms, 'mean'),
  v('SED_IN', 'SED_INtons', 'Sediment transported with water into the reach', U.tons),
  v('SED_OUT', 'SED_OUTtons', 'Sediment transported with water out of the reach', U.tons),
  v('SEDCONC', ['SEDCONCmg/L', 'SEDCONCmg/kg'], 'Concentration of sediment in the reach', U.mgl, 'mean'),
  v('ORGN_IN', 'ORGN_INkg', 'Organic nitrogen transported with water into the reach', U.kg),
  v('ORGN_OUT', 'ORGN_OUTkg', 'Organic nitrogen transported with water out of the reach', U.kg),
  v('ORGP_IN', 'ORGP_INkg', 'Organic phosphorus transported with water into the reach', U.kg),
  v('ORGP_OUT', 'ORGP_OUTkg', 'Organic phosphorus transported with water out of the reach', U.kg),
  v('NO3_IN', 'NO3_INkg', 'Nitrate transported with water into the reach', U.kg),
  v('NO3_OUT', 'NO3_OUTkg', 'Nitrate transported with water out of the reach', U.kg),
  v('NH4_IN', 'NH4_INkg', 'Ammonium transported with water into the reach', U.kg),
  v('NH4_OUT', 'NH4_OUTkg', 'Ammonium transported with water out of the reach', U.kg),
  v('NO2_IN', 'NO2_INkg', 'Nitrite transported with water into the reach', U.kg),
  v('NO2_OUT', 'NO2_OUTkg', 'Nitrite transported with water out of the reach', U.kg),
  v('MINP_IN', 'MINP_INkg', 'Mineral phosphorus transported with water into the reach', U.kg),
  v('MINP_OUT', 'MINP_OUTkg', 'Mineral phosphorus transported with water out of the reach', U.kg),
  v('CHLA_IN', 'CHLA_INkg', 'Algal biomass (chlorophyll-a) transported with water into the reach', U.kg),
  v('CHLA_OUT', 'CHLA_OUTkg', 'Algal biomass (chlorophyll-a) transported with water out of the reach', U.kg),
  v('CBOD_IN', 'CBOD_INkg', 'Carbonaceous biochemical oxygen demand of material transported into the reach', U.kg),
  v('CBOD_OUT', 'CBOD_OUTkg', 'Carbonaceous biochemical oxygen demand of material transported out of the reach', U.kg),
  v('DISOX_IN', 'DISOX_INkg', 'Dissolved oxygen transported into the reach', U.kg),
  v('DISOX_OUT', 'DISOX_OUTkg', 'Dissolved oxygen transported out of the reach', U.kg),
  v('SOLPST_IN', 'SOLPST_INmg', 'Soluble pesticide transported with water into the reach', U.mg),
  v('SOLPST_OUT', 'SOLPST_OUTmg', 'Soluble pesticide transported with water out of the reach', U.mg),
  v('SORPST_IN', 'SORPST_INmg', 'Pesticide sorbed to sediment transported with water into the reach', U.mg),
  v('SORPST_OUT', 'SORPST_OUTmg', 'Pesticide sorbed to sediment transported with water out of the reach', U.mg),
  v('REACTPST', 'REACTPSTmg', 'Loss of pesticide from water by reaction', U.mg),
  v('VOLPST', 'VOLPSTmg', 'Loss of pesticide from water by volatilization', U.mg),
  v('SETTLPST', 'SETTLPSTmg', 'Transfer of pesticide from water to the river bed sediment by settling', U.mg),
  v('RESUSP_PST', 'RESUSP_PSTmg', 'Transfer of pesticide from the river bed sediment to water by resuspension', U.mg),
  v('DIFFUSEPST', 'DIFFUSEPSTmg', 'Transfer of pesticide from water to the river bed sediment by diffusion', U.mg),
  v('REACBEDPST', 'REACBEDPSTmg', 'Loss of pesticide from the river bed sediment by reaction', U.mg),
  v('BURYPST', 'BURYPSTmg', 'Loss of pesticide from the river bed sediment by burial', U.mg),
  v('BED_PST', 'BED_PSTmg', 'Pesticide in the river bed sediment', U.mg),
  v('BACTP_OUT', 'BACTP_OUTct', 'Persistent bacteria transported out of the reach', U.ct),
  v('BACTLP_OUT', 'BACTLP_OUTct', 'Less persistent bacteria transported out of the reach', U.ct),
  v('CMETAL1', 'CMETAL#1kg', 'Conservative metal #1 transported out of the reach', U.kg),
  v('CMETAL2', 'CMETAL#2kg', 'Conservative metal #2 transported out of the reach', U.kg),
  v('CMETAL3', 'CMETAL#3kg', 'Conservative metal #3 transported out of the reach', U.kg),
  v('TOT_N', 'TOT Nkg', 'Total nitrogen transported with water out of the reach', U.kg),
  v('TOT_P', 'TOT Pkg', 'Total phosphorus transported with water out of the reach', U.kg),
  v('NO3CONC', 'NO3ConcMg/l', 'Nitrate concentration in the reach', U.mgl, 'mean'),
  v('WTMP', 'WTMPdegc', 'Water temperature in the reach', U.degc, 'mean'),
  {
    variable: 'TOT_N_CONC',
    columns: [],
    description: 'Flow-weighted concentration of total nitrogen leaving the reach (TOT_N / FLOW_OUT)',
    unit: U.mgl,
    agg: 'mean',
    ratio: { numerator: 'TOT Nkg', denominator: 'FLOW_OUTcms', factor: KG_PER_CMS_DAY_TO_MGL },
  },
  {
    variable: 'TOT_P_CONC',
    columns: [],
    description: 'Flow-weighted concentration of total phosphorus leaving the reach (TOT_P / FLOW_OUT)',
    unit: U.mgl,
    agg: 'mean',
    ratio: { numerator: 'TOT Pkg', denominator: 'FLOW_OUTcms', factor: KG_PER_CMS_DAY_TO_MGL },
  },
  {
    variable: 'DISOX_CONC',
    columns: [],
    description: 'Flow-weighted concentration of dissolved oxygen leaving the reach (DISOX_OUT / FLOW_OUT)',
    unit: U.mgl,
    agg: 'mean',
    ratio: { numerator: 'DISOX_OUTkg', denominator: 'FLOW_OUTcms', factor: KG_PER_CMS_DAY_TO_MGL },
  },
];

const SUB: VariableDef[] = [
  v('PRECIP', 'PRECIPmm', 'Total precipitation on the subbasin', U.mm),
  v('SNOMELT', 'SNOMELTmm', 'Snow melt', U.mm),
  v('PET', 'PETmm', 'Potential evapotranspiration', U.mm),
  v('ET', 'ETmm', 'Actual evapotranspiration', U.mm),
  v('SW', 'SWmm', 'Soil water content at the end of the period', U.mm, 'last'),
  v('PERC', 'PERCmm', 'Water percolating past the root zone', U.mm),
  v('SURQ', 'SURQmm', 'Surface runoff contribution to streamflow', U.mm),
  v('GW_Q', 'GW_Qmm', 'Groundwater contribution to streamflow', U.mm),
  v('WYLD', 'WYLDmm', 'Water yield (water leaving the subbasin and entering the main channel)', U.mm),
  v('SYLD', 'SYLDt/ha', 'Sediment yield', U.tha),
  v('ORGN', 'ORGNkg/ha', 'Organic nitrogen yield', U.kgha),
  v('ORGP', 'ORGPkg/ha', 'Organic phosphorus yield', U.kgha),
  v('NSURQ', 'NSURQkg/ha', 'Nitrate in surface runoff', U.kgha),
  v('SOLP', 'SOLPkg/ha', 'Soluble phosphorus yield', U.kgha),
  v('SEDP', 'SEDPkg/ha', 'Mineral phosphorus attached to sediment', U.kgha),
  v('LATQ', 'LAT Q(mm)', 'Lateral flow contribution to streamflow', U.mm),
  v('LATNO3', 'LATNO3kg/h', 'Nitrate in lateral flow', U.kgha),
  v('GWNO3', 'GWNO3kg/ha', 'Nitrate in groundwater flow', U.kgha),
  v('CHOLA', 'CHOLAmic/L', 'Chlorophyll-a concentration in water leaving the subbasin', U.ugl, 'mean'),
  v('CBODU', 'CBODU mg/L', 'Carbonaceous biochemical oxygen demand of water leaving the subbasin', U.mgl, 'mean'),
  v('DOXQ', 'DOXQ mg/L', 'Dissolved oxygen concentration of water leaving the subbasin', U.mgl, 'mean'),
  v('TNO3', 'TNO3kg/ha', 'Nitrate in tile flow', U.kgha),
  v('QTILE', 'QTILEmm', 'Tile flow', U.mm),
  v('TVAP', 'TVAPkg/ha', 'Phosphorus leached through soil cracks', U.kgha),
];

const HRU: VariableDef[] = [
  v('PRECIP', 'PRECIPmm', 'Total precipitation on the HRU', U.mm),
  v('SNOFALL', 'SNOFALLmm', 'Precipitation falling as snow', U.mm),
  v('SNOMELT', 'SNOMELTmm', 'Snow melt', U.mm),
  v('IRR', 'IRRmm', 'Irrigation water applied', U.mm),
  v('PET', 'PETmm', 'Potential evapotranspiration', U.mm),
  v('ET', 'ETmm', 'Actual evapotranspiration', U.mm),
  v('SW_INIT', 'SW_INITmm', 'Soil water content at the beginning of the period', U.mm, 'first'),
  v('SW_END', 'SW_ENDmm', 'Soil water content at the end of the period', U.mm, 'last'),
  v('PERC', 'PERCmm', 'Water percolating past the root zone', U.mm),
  v('GW_RCHG', 'GW_RCHGmm', 'Recharge entering the aquifers', U.mm),
  v('DA_RCHG', 'DA_RCHGmm', 'Recharge entering the deep aquifer', U.mm),
  v('REVAP', 'REVAPmm', 'Water moving from the shallow aquifer into the soil profile (revap)', U.mm),
  v('SA_IRR', 'SA_IRRmm', 'Irrigation water taken from the shallow aquifer', U.mm),
  v('DA_IRR', 'DA_IRRmm', 'Irrigation water taken from the deep aquifer', U.mm),
  v('SA_ST', 'SA_STmm', 'Water in the shallow aquifer at the end of the period', U.mm, 'last'),
  v('DA_ST', 'DA_STmm', 'Water in the deep aquifer at the end of the period', U.mm, 'last'),
  v('SURQ_GEN', 'SURQ_GENmm', 'Surface runoff generated in the HRU', U.mm),
  v('SURQ_CNT', 'SURQ_CNTmm', 'Surface runoff contribution to streamflow', U.mm),
  v('TLOSS', 'TLOSSmm', 'Transmission losses from tributary channels', U.mm),
  v('LATQGEN', 'LATQGENmm', 'Lateral flow generated in the HRU', U.mm),
  v('GW_Q', 'GW_Qmm', 'Groundwater contribution to streamflow', U.mm),
  v('WYLD', 'WYLDmm', 'Water yield', U.mm),
  v('DAILYCN', 'DAILYCN', 'Curve number', U.none, 'mean'),
  v('TMP_AV', 'TMP_AVdgC', 'Average daily air temperature', U.degc, 'mean'),
  v('TMP_MX', 'TMP_MXdgC', 'Average daily maximum air temperature', U.degc, 'mean'),
  v('TMP_MN', 'TMP_MNdgC', 'Average daily minimum air temperature', U.degc, 'mean'),
  v('SOL_TMP', 'SOL_TMPdgC', 'Average daily temperature of the soil surface', U.degc, 'mean'),
  v('SOLAR', 'SOLARMJ/m2', 'Average daily solar radiation', U.mj, 'mean'),
  v('SYLD', 'SYLDt/ha', 'Sediment yield', U.tha),
  v('USLE', 'USLEt/ha', 'Soil loss by the USLE', U.tha),
  v('N_APP', 'N_APPkg/ha', 'Nitrogen applied as fertilizer', U.kgha),
  v('P_APP', 'P_APPkg/ha', 'Phosphorus applied as fertilizer', U.kgha),
  v('NAUTO', 'NAUTOkg/ha', 'Nitrogen applied by auto-fertilization', U.kgha),
  v('PAUTO', 'PAUTOkg/ha', 'Phosphorus applied by auto-fertilization', U.kgha),
  v('NGRZ', 'NGRZkg/ha', 'Nitrogen applied during grazing', U.kgha),
  v('PGRZ', 'PGRZkg/ha', 'Phosphorus applied during grazing', U.kgha),
  v('NCFRT', 'NCFRTkg/ha', 'Nitrogen applied by continuous fertilization', U.kgha),
  v('PCFRT', 'PCFRTkg/ha', 'Phosphorus applied by continuous fertilization', U.kgha),
  v('NRAIN', 'NRAINkg/ha', 'Nitrate added in rainfall', U.kgha),
  v('NFIX', 'NFIXkg/ha', 'Nitrogen fixation', U.kgha),
  v('F-MN', 'F-MNkg/ha', 'Fresh organic to mineral nitrogen', U.kgha),
  v('A-MN', 'A-MNkg/ha', 'Active organic to mineral nitrogen', U.kgha),
  v('A-SN', 'A-SNkg/ha', 'Active organic to stable organic nitrogen', U.kgha),
  v('F-MP', 'F-MPkg/ha', 'Fresh organic to mineral phosphorus', U.kgha),
  v('AO-LP', 'AO-LPkg/ha', 'Organic to labile mineral phosphorus', U.kgha),
  v('L-AP', 'L-APkg/ha', 'Labile to active mineral phosphorus', U.kgha),
  v('A-SP', 'A-SPkg/ha', 'Active to stable mineral phosphorus', U.kgha),
  v('DNIT', 'DNITkg/ha', 'Denitrification', U.kgha),
  v('NUP', 'NUPkg/ha', 'Plant uptake of nitrogen', U.kgha),
  v('PUP', 'PUPkg/ha', 'Plant uptake of phosphorus', U.kgha),
  v('ORGN', 'ORGNkg/ha', 'Organic nitrogen yield', U.kgha),
  v('ORGP', 'ORGPkg/ha', 'Organic phosphorus yield', U.kgha),
  v('SEDP', 'SEDPkg/ha', 'Mineral phosphorus attached to sediment', U.kgha),
  v('NSURQ', 'NSURQkg/ha', 'Nitrate in surface runoff', U.kgha),
  v('NLATQ', 'NLATQkg/ha', 'Nitrate in lateral flow', U.kgha),
  v('NO3L', 'NO3Lkg/ha', 'Nitrate leached below the soil profile', U.kgha),
  v('NO3GW', 'NO3GWkg/ha', 'Nitrate in groundwater flow', U.kgha),
  v('SOLP', 'SOLPkg/ha', 'Soluble phosphorus in surface runoff', U.kgha),
  v('P_GW', 'P_GWkg/ha', 'Soluble phosphorus in groundwater flow', U.kgha),
  v('W_STRS', 'W_STRS', 'Water stress days', U.days),
  v('TMP_STRS', 'TMP_STRS', 'Temperature stress days', U.days),
  v('N_STRS', 'N_STRS', 'Nitrogen stress days', U.days),
  v('P_STRS', 'P_STRS', 'Phosphorus stress days', U.days),
  v('BIOM', 'BIOMt/ha', 'Biomass', U.tha, 'max'),
  v('LAI', 'LAI', 'Leaf area index', U.none, 'max'),
  v('YLD', 'YLDt/ha', 'Harvested yield', U.tha),
  v('BACTP', 'BACTPct', 'Persistent bacteria in surface runoff', U.ct),
  v('BACTLP', 'BACTLPct', 'Less persistent bacteria in surface runoff', U.ct),
  v('WTAB_CLI', 'WTAB CLIm', 'Water table depth from the climate routine', U.m, 'mean'),
  v('WTAB_SOL', 'WTAB SOLm', 'Water table depth from the soil routine', U.m, 'mean'),
  v('SNO', 'SNOmm', 'Water in the snow pack at the end of the period', U.mm, 'last'),
  v('CMUP', 'CMUPkg/ha', 'Soil carbon in the top 30 mm', U.kgha, 'last'),
  v('CMTOT', 'CMTOTkg/ha', 'Soil carbon in the profile', U.kgha, 'last'),
  v('QTILE', 'QTILEmm', 'Tile flow', U.mm),
  v('TNO3', 'TNO3kg/ha', 'Nitrate in tile flow', U.kgha, 'last'),
  v('LNO3', 'LNO3kg/ha', 'Nitrate leached past the bottom of the soil profile', U.kgha),
  v('GW_Q_D', 'GW_Q_Dmm', 'Deep aquifer contribution to streamflow', U.mm),
  v('LATQCNT', 'LATQCNTmm', 'Lateral flow contribution to streamflow', U.mm),
  v('TVAP', 'TVAPkg/ha', 'Phosphorus leached through soil cracks', U.kgha),
];

const CATALOGUE: Record<OutputKind, VariableDef[]> = { rch: RCH, sub: SUB, hru: HRU };

/** Spec 2 §8: variables monthly or yearly printing does not offer (concentrations need the
 * daily loads and flows). */
export const DAILY_ONLY = new Set(['NO3CONC', 'TOT_N_CONC', 'TOT_P_CONC', 'DISOX_CONC', 'WTMP']);

/** A variable as a scenario's stored outputs have it: the catalogue entry with the column
 * found (or the ratio's columns). */
export type ResolvedVariable = VariableDef & { column?: string };

/** The variables of one output file a scenario printed, in the catalogue's order, then any
 * column the catalogue does not know. Daily-only variables need `daily`. */
export function variablesOf(kind: OutputKind, columns: readonly string[], daily: boolean): ResolvedVariable[] {
  const have = new Set(columns);
  const known = new Set<string>();
  const out: ResolvedVariable[] = [];
  for (const def of CATALOGUE[kind]) {
    def.columns.forEach((c) => known.add(c));
    if (DAILY_ONLY.has(def.variable) && !daily) continue;
    if (def.ratio) {
      if (have.has(def.ratio.numerator) && have.has(def.ratio.denominator)) out.push(def);
      continue;
    }
    const column = def.columns.find((c) => have.has(c));
    if (column) out.push({ ...def, column });
  }
  for (const c of columns) if (!known.has(c)) out.push({ variable: c, columns: [c], column: c, description: c, unit: U.none, agg: 'sum' });
  return out;
}

export const UNIT_SYSTEMS = [
  { value: 0, text: 'Metric' },
  { value: 1, text: 'English' },
] as const;

/** The units label of a variable in a unit system (0 metric, 1 English). */
export const unitsLabel = (def: VariableDef, system: number) => (system === 1 ? def.unit.english : def.unit.metric);

/** Converts metric values in place to the unit system. */
export function convert(values: Float64Array, def: VariableDef, system: number): Float64Array {
  if (system !== 1 || (def.unit.factor === 1 && !def.unit.offset)) return values;
  const { factor, offset = 0 } = def.unit;
  for (let i = 0; i < values.length; i++) values[i] = values[i]! * factor + offset;
  return values;
}

export const convertValue = (x: number, def: VariableDef, system: number) => (system === 1 ? x * def.unit.factor + (def.unit.offset ?? 0) : x);
