// HRU variables to print (spec 2 §2 'checklist with a counter of selected out of 20'; §3 'HRU print
// variables response: hasMods, options (name, description), selected, defaultSelection'; §5: 1 to
// 20 selections, 'Please select only 20 variables at most.' and 'Please select at least one
// variable.'). The options are output.hru's variables as SWAT2012 rev 637 prints them (the
// built-in engine's revision): file.cio's HRU variable list holds their 1-based codes.
import type { EditorSchema, EditorUiSchema } from '@headwater/plugin-sdk';
// the SDK's wording module itself: light enough for the page's first chunk (no ajv)
import { EDITOR_MESSAGES } from '@headwater/plugin-sdk/schema';

/** The one-setting call of the page (spec 2 §7 'GET scenarios/print/hruvars/{scenarioID}'). */
export const SETTING_URL = 'scenarios/print/hruvars/{scenarioID}';
/** Spec 2 §9: at most 20 HRU variables. */
export const MAX_VARIABLES = 20;

/** output.hru's variables in SWAT's order (code = position + 1), with the column SWAT prints. */
export const HRU_VARIABLES: { name: string; column: string; description: string }[] = [
  ['PRECIP', 'PRECIPmm', 'Precipitation (mm)'],
  ['SNOFALL', 'SNOFALLmm', 'Precipitation falling as snow (mm)'],
  ['SNOMELT', 'SNOMELTmm', 'Snow melt (mm)'],
  ['IRR', 'IRRmm', 'Irrigation water applied (mm)'],
  ['PET', 'PETmm', 'Potential evapotranspiration (mm)'],
  ['ET', 'ETmm', 'Actual evapotranspiration (mm)'],
  ['SW_INIT', 'SW_INITmm', 'Soil water content at the beginning of the period (mm)'],
  ['SW_END', 'SW_ENDmm', 'Soil water content at the end of the period (mm)'],
  ['PERC', 'PERCmm', 'Water percolating past the root zone (mm)'],
  ['GW_RCHG', 'GW_RCHGmm', 'Recharge entering the aquifers (mm)'],
  ['DA_RCHG', 'DA_RCHGmm', 'Recharge entering the deep aquifer (mm)'],
  ['REVAP', 'REVAPmm', 'Water moving from the shallow aquifer into the soil profile (mm)'],
  ['SA_IRR', 'SA_IRRmm', 'Irrigation water taken from the shallow aquifer (mm)'],
  ['DA_IRR', 'DA_IRRmm', 'Irrigation water taken from the deep aquifer (mm)'],
  ['SA_ST', 'SA_STmm', 'Water in the shallow aquifer at the end of the period (mm)'],
  ['DA_ST', 'DA_STmm', 'Water in the deep aquifer at the end of the period (mm)'],
  ['SURQ_GEN', 'SURQ_GENmm', 'Surface runoff generated in the HRU (mm)'],
  ['SURQ_CNT', 'SURQ_CNTmm', 'Surface runoff contribution to streamflow (mm)'],
  ['TLOSS', 'TLOSSmm', 'Transmission losses from tributary channels (mm)'],
  ['LATQGEN', 'LATQGENmm', 'Lateral flow generated in the HRU (mm)'],
  ['GW_Q', 'GW_Qmm', 'Groundwater contribution to streamflow (mm)'],
  ['WYLD', 'WYLDmm', 'Water yield (mm)'],
  ['DAILYCN', 'DAILYCN', 'Curve number'],
  ['TMP_AV', 'TMP_AVdgC', 'Average daily air temperature (°C)'],
  ['TMP_MX', 'TMP_MXdgC', 'Average daily maximum air temperature (°C)'],
  ['TMP_MN', 'TMP_MNdgC', 'Average daily minimum air temperature (°C)'],
  ['SOL_TMP', 'SOL_TMPdgC', 'Average daily temperature of the soil surface (°C)'],
  ['SOLAR', 'SOLARMJ/m2', 'Average daily solar radiation (MJ/m²)'],
  ['SYLD', 'SYLDt/ha', 'Sediment yield (t/ha)'],
  ['USLE', 'USLEt/ha', 'Soil loss by the USLE (t/ha)'],
  ['N_APP', 'N_APPkg/ha', 'Nitrogen applied as fertilizer (kg N/ha)'],
  ['P_APP', 'P_APPkg/ha', 'Phosphorus applied as fertilizer (kg P/ha)'],
  ['NAUTO', 'NAUTOkg/ha', 'Nitrogen applied by auto-fertilization (kg N/ha)'],
  ['PAUTO', 'PAUTOkg/ha', 'Phosphorus applied by auto-fertilization (kg P/ha)'],
  ['NGRZ', 'NGRZkg/ha', 'Nitrogen applied during grazing (kg N/ha)'],
  ['PGRZ', 'PGRZkg/ha', 'Phosphorus applied during grazing (kg P/ha)'],
  ['NCFRT', 'NCFRTkg/ha', 'Nitrogen applied by continuous fertilization (kg N/ha)'],
  ['PCFRT', 'PCFRTkg/ha', 'Phosphorus applied by continuous fertilization (kg P/ha)'],
  ['NRAIN', 'NRAINkg/ha', 'Nitrate added in rainfall (kg N/ha)'],
  ['NFIX', 'NFIXkg/ha', 'Nitrogen fixation (kg N/ha)'],
  ['F-MN', 'F-MNkg/ha', 'Fresh organic to mineral nitrogen (kg N/ha)'],
  ['A-MN', 'A-MNkg/ha', 'Active organic to mineral nitrogen (kg N/ha)'],
  ['A-SN', 'A-SNkg/ha', 'Active organic to stable organic nitrogen (kg N/ha)'],
  ['F-MP', 'F-MPkg/ha', 'Fresh organic to mineral phosphorus (kg P/ha)'],
  ['AO-LP', 'AO-LPkg/ha', 'Organic to labile mineral phosphorus (kg P/ha)'],
  ['L-AP', 'L-APkg/ha', 'Labile to active mineral phosphorus (kg P/ha)'],
  ['A-SP', 'A-SPkg/ha', 'Active to stable mineral phosphorus (kg P/ha)'],
  ['DNIT', 'DNITkg/ha', 'Denitrification (kg N/ha)'],
  ['NUP', 'NUPkg/ha', 'Plant uptake of nitrogen (kg N/ha)'],
  ['PUP', 'PUPkg/ha', 'Plant uptake of phosphorus (kg P/ha)'],
  ['ORGN', 'ORGNkg/ha', 'Organic nitrogen yield (kg N/ha)'],
  ['ORGP', 'ORGPkg/ha', 'Organic phosphorus yield (kg P/ha)'],
  ['SEDP', 'SEDPkg/ha', 'Mineral phosphorus attached to sediment (kg P/ha)'],
  ['NSURQ', 'NSURQkg/ha', 'Nitrate in surface runoff (kg N/ha)'],
  ['NLATQ', 'NLATQkg/ha', 'Nitrate in lateral flow (kg N/ha)'],
  ['NO3L', 'NO3Lkg/ha', 'Nitrate leached below the soil profile (kg N/ha)'],
  ['NO3GW', 'NO3GWkg/ha', 'Nitrate in groundwater flow (kg N/ha)'],
  ['SOLP', 'SOLPkg/ha', 'Soluble phosphorus in surface runoff (kg P/ha)'],
  ['P_GW', 'P_GWkg/ha', 'Soluble phosphorus in groundwater flow (kg P/ha)'],
  ['W_STRS', 'W_STRS', 'Water stress days'],
  ['TMP_STRS', 'TMP_STRS', 'Temperature stress days'],
  ['N_STRS', 'N_STRS', 'Nitrogen stress days'],
  ['P_STRS', 'P_STRS', 'Phosphorus stress days'],
  ['BIOM', 'BIOMt/ha', 'Biomass (t/ha)'],
  ['LAI', 'LAI', 'Leaf area index'],
  ['YLD', 'YLDt/ha', 'Harvested yield (t/ha)'],
  ['BACTP', 'BACTPct', 'Persistent bacteria in surface runoff (count)'],
  ['BACTLP', 'BACTLPct', 'Less persistent bacteria in surface runoff (count)'],
  ['WTAB_CLI', 'WTAB CLIm', 'Water table depth from the climate routine (m)'],
  ['WTAB_SOL', 'WTAB SOLm', 'Water table depth from the soil routine (m)'],
  ['SNO', 'SNOmm', 'Water in the snow pack at the end of the period (mm)'],
  ['CMUP', 'CMUPkg/ha', 'Soil carbon in the top 30 mm (kg/ha)'],
  ['CMTOT', 'CMTOTkg/ha', 'Soil carbon in the profile (kg/ha)'],
  ['QTILE', 'QTILEmm', 'Tile flow (mm)'],
  ['TNO3', 'TNO3kg/ha', 'Nitrate in tile flow (kg N/ha)'],
  ['LNO3', 'LNO3kg/ha', 'Nitrate leached past the bottom of the soil profile (kg N/ha)'],
  ['GW_Q_D', 'GW_Q_Dmm', 'Deep aquifer contribution to streamflow (mm)'],
  ['LATQCNT', 'LATQCNTmm', 'Lateral flow contribution to streamflow (mm)'],
].map(([name, column, description]) => ({ name: name!, column: column!, description: description! }));

/** The checklist's starting selection (spec 2: 'defaults preselected'): the water balance, sediment
 * and nutrient losses and crop growth — 20, the most file.cio prints. */
export const DEFAULT_SELECTION = [
  'PRECIP', 'SNOMELT', 'PET', 'ET', 'SW_END', 'PERC', 'SURQ_GEN', 'LATQGEN', 'GW_Q', 'WYLD',
  'SYLD', 'ORGN', 'ORGP', 'SEDP', 'NSURQ', 'NO3L', 'SOLP', 'BIOM', 'LAI', 'YLD',
];

/** file.cio's code of a variable (1-based position in SWAT's list), or undefined. */
export function variableCode(name: string): number | undefined {
  const i = HRU_VARIABLES.findIndex((v) => v.name === name);
  return i < 0 ? undefined : i + 1;
}

export type HruVarsChange = { variables: string[] };

/** Spec 2 §5, verbatim (the SDK's wording); ours for a name that is not an option. */
export const MESSAGES = { atMost: EDITOR_MESSAGES.hruVarsAtMost, atLeast: EDITOR_MESSAGES.hruVarsAtLeast, notAVariable: 'Not an HRU output variable.' };

export const schema: EditorSchema = {
  type: 'object',
  required: ['variables'],
  additionalProperties: false,
  properties: {
    variables: {
      type: 'array',
      title: 'HRU variables',
      description: 'The variables the run prints for each printed HRU (output.hru).',
      items: { type: 'string', oneOf: HRU_VARIABLES.map((v) => ({ const: v.name, title: v.description })), messages: { oneOf: MESSAGES.notAVariable, const: MESSAGES.notAVariable } },
      uniqueItems: true,
      minItems: 1,
      maxItems: MAX_VARIABLES,
      default: DEFAULT_SELECTION,
      messages: { minItems: MESSAGES.atLeast, maxItems: MESSAGES.atMost, required: MESSAGES.atLeast },
    },
  },
};

export const uiSchema: EditorUiSchema = {
  variables: { 'ui:widget': 'checklist', 'ui:options': { columns: 3 } },
};

/** The saved-changes text: the names, in SWAT's order. */
export function describeHruVars(m: Partial<HruVarsChange>): string {
  const chosen = new Set(m.variables ?? []);
  return HRU_VARIABLES.filter((v) => chosen.has(v.name)).map((v) => v.name).join(', ');
}
