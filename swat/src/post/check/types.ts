// SWAT Check's response (spec 2 §3): `setup` plus one section per topic, each with its
// `warnings`, and the options of a check. The computation is in swat-check.ts.
export interface CheckSetup {
  swatVersion: string;
  swatRev: number | null;
  /** Simulation length in years (NBYR). */
  simulationLength: number | null;
  /** Warm-up (skipped) years (NYSKIP). */
  warmUp: number | null;
  simulationStart: string | null;
  simulationEnd: string | null;
  hrus: number | null;
  subbasins: number | null;
  outputTimestep: 'daily' | 'monthly' | 'yearly' | null;
  precipMethod: 'measured' | 'simulated' | null;
  /** km² (the subbasin's area when checking one subbasin). */
  watershedArea: number | null;
  /** 0 for the whole watershed. */
  subbasin: number;
}

export interface MonthlyBasinValue {
  month: number;
  rain: number | null;
  snowFall: number | null;
  surfaceRunoff: number | null;
  lateralFlow: number | null;
  waterYield: number | null;
  et: number | null;
  sedimentYield: number | null;
  pet: number | null;
}

export interface HydrologySection {
  warnings: string[];
  precipitation: number | null;
  et: number | null;
  pet: number | null;
  averageCn: number | null;
  surfaceRunoff: number | null;
  lateralFlow: number | null;
  /** Groundwater (shallow aquifer) return flow, mm. */
  returnFlow: number | null;
  /** Percolation to the aquifers (total aquifer recharge), mm. */
  percolation: number | null;
  revap: number | null;
  /** Deep aquifer recharge, mm. */
  recharge: number | null;
  streamflowPrecipitation: number | null;
  baseflowTotalFlow: number | null;
  surfaceRunoffTotalFlow: number | null;
  percolationPrecipitation: number | null;
  deepRechargePrecipitation: number | null;
  etPrecipitation: number | null;
  monthlyBasinValues: MonthlyBasinValue[];
}

export interface SedimentSection {
  warnings: string[];
  surfaceRunoff: number | null;
  /** Highest HRU average annual sediment yield, t/ha. */
  maxUplandSedimentYield: number | null;
  /** Average annual upland sediment yield, t/ha. */
  avgUplandSedimentYield: number | null;
  /** Sediment from inlets and point sources, t/yr. */
  inletSediment: number | null;
  /** Net in-stream sediment change, t/ha (positive: erosion). */
  inStreamSedimentChange: number | null;
}

export interface LandUseAverages {
  landUse: string;
  /** km² */
  area: number;
  values: Record<string, number>;
}

export interface NitrogenCycleSection {
  warnings: string[];
  initialNO3: number | null;
  finalNO3: number | null;
  initialOrgN: number | null;
  finalOrgN: number | null;
  volatilization: number | null;
  denitrification: number | null;
  nh4InOrgNFertilizer: number | null;
  no3InOrgNFertilizer: number | null;
  plantUptake: number | null;
  nitrification: number | null;
  mineralization: number | null;
  totalFertilizerN: number | null;
  orgNFertilizer: number | null;
  activeToStableOrgN: number | null;
  residueMineralization: number | null;
  fixation: number | null;
  rainfallNO3: number | null;
  /** Average annual output.hru nitrogen values by land use (when output.hru has them). */
  avgAnnualByLandUse: LandUseAverages[];
  avgAnnualDefinitions: Record<string, string>;
}

export interface PhosphorusCycleSection {
  warnings: string[];
  initialMinP: number | null;
  finalMinP: number | null;
  initialOrgP: number | null;
  finalOrgP: number | null;
  totalFertilizerP: number | null;
  inOrgPFertilizer: number | null;
  plantUptake: number | null;
  orgPFertilizer: number | null;
  residueMineralization: number | null;
  mineralization: number | null;
  activeSolution: number | null;
  stableActive: number | null;
  avgAnnualByLandUse: LandUseAverages[];
  avgAnnualDefinitions: Record<string, string>;
}

export interface PlantGrowthSection {
  warnings: string[];
  tempStressDays: number | null;
  waterStressDays: number | null;
  nStressDays: number | null;
  pStressDays: number | null;
  aerationStressDays: number | null;
  /** t/ha */
  avgBiomass: number | null;
  avgYield: number | null;
  nRemoved: number | null;
  pRemoved: number | null;
  totalFertilizerN: number | null;
  totalFertilizerP: number | null;
  plantUptakeN: number | null;
  plantUptakeP: number | null;
}

export interface NitrogenLosses {
  totalLoss: number | null;
  orgN: number | null;
  surfaceRunoff: number | null;
  leached: number | null;
  lateralFlow: number | null;
  groundwaterYield: number | null;
  tileFlow: number | null;
  solubilityRatio: number | null;
}

export interface PhosphorusLosses {
  totalLoss: number | null;
  orgP: number | null;
  surfaceRunoff: number | null;
  solubilityRatio: number | null;
}

export interface LandscapeNutrientLossesSection {
  warnings: string[];
  nLosses: NitrogenLosses;
  pLosses: PhosphorusLosses;
}

export interface LandUseRow {
  landUse: string;
  /** km² */
  area: number;
  hrus: number;
  CN: number;
  AWC: number;
  USLE_LS: number;
  IRR: number;
  PREC: number;
  SURQ: number;
  GWQ: number;
  ET: number;
  SED: number;
  NO3: number;
  ORGN: number;
  BIOM: number;
  YLD: number;
}

export interface LandUseSummarySection {
  warnings: string[];
  hruLevelWarnings: string[];
  landUseRows: LandUseRow[];
}

export interface ReachCheck {
  id: number;
  /** Sediment out / in, % (null when no inflow). */
  sediment: number | null;
  phosphorus: number | null;
  nitrogen: number | null;
}

export interface InstreamBudgets {
  /** t/ha */
  uplandSedimentYield: number | null;
  /** t/ha, positive: net channel erosion */
  instreamSedimentChange: number | null;
  /** % of the sediment leaving that comes from channel erosion */
  channelErosion: number | null;
  /** % of upland sediment deposited in channels */
  channelDeposition: number | null;
  /** Net in-stream N change as % of the N delivered by subbasins, inlets and point sources */
  totalN: number | null;
  totalP: number | null;
  /** Channel transmission + evaporation losses, % of water yield */
  totalStreamflowLosses: number | null;
  evaporationLoss: number | null;
  seepageLoss: number | null;
}

export interface InstreamProcessesSection {
  warnings: string[];
  reaches: ReachCheck[];
  budgets: InstreamBudgets;
}

export interface PointSourcesLoad {
  /** m³/s */
  flow: number | null;
  /** t/yr */
  sediment: number | null;
  /** kg/yr */
  nitrogen: number | null;
  phosphorus: number | null;
}

export interface PointSourcesSection {
  warnings: string[];
  /** Loads delivered by the subbasins (hyd.out subbasin commands, or output.sub). */
  subbasinLoad: PointSourcesLoad;
  /** Loads of inlets and point sources (hyd.out rechour/recday/recmon/recyear/reccnst). */
  pointSourceInletLoad: PointSourcesLoad;
  /** Share of inlets and point sources, %. */
  fromInletAndPointSource: PointSourcesLoad;
  source: 'hyd.out' | 'output.sub' | null;
}

export interface ReservoirRow {
  id: number;
  /** Trapping efficiencies, % */
  sediment: number | null;
  nitrogen: number | null;
  phosphorus: number | null;
  /** Final / initial volume */
  volumeRatio: number | null;
  /** Fraction of time steps with (almost) no volume */
  fractionEmpty: number | null;
  /** Seepage and evaporation as % of the mean volume */
  seepage: number | null;
  evapLoss: number | null;
}

export interface ReservoirsSection {
  warnings: string[];
  reservoirRows: ReservoirRow[];
  averages: {
    trappingEfficiency: { sediment: number | null; nitrogen: number | null; phosphorus: number | null };
    waterLosses: { totalRemoved: number | null; evaporation: number | null; seepage: number | null };
    trends: { numberReservoirs: number; maxVolume: number | null; minVolume: number | null; fractionEmpty: number | null };
  };
  source: 'output.rsv' | 'hyd.out' | null;
}

export interface SwatCheckResult {
  setup: CheckSetup;
  hydrology: HydrologySection;
  sediment: SedimentSection;
  nitrogenCycle: NitrogenCycleSection;
  phosphorusCycle: PhosphorusCycleSection;
  plantGrowth: PlantGrowthSection;
  landscapeNutrientLosses: LandscapeNutrientLossesSection;
  landUseSummary: LandUseSummarySection;
  instreamProcesses: InstreamProcessesSection;
  pointSources: PointSourcesSection;
  reservoirs: ReservoirsSection;
}

export interface SwatCheckOptions {
  /** Subbasin to check; 0 or undefined for the whole watershed. */
  subbasin?: number;
}
