// The parameters a calibration request may change: what modellers calibrate for flow (SWAT-CUP's
// usual list, Abbaspour et al. 2015, Arnold et al. 2012), with the file they live in, a default
// change type and range, and SWAT's physical limits (a changed value is held to them, mods.ts).
import type { CalibrationFile, CalibrationType } from './mods.ts';

export type CatalogueParameter = {
  variable: string;
  file: CalibrationFile;
  label: string;
  units: string;
  defaultType: CalibrationType;
  defaultMin: number;
  defaultMax: number;
  /** the values the changed input may take */
  limits: [number, number];
  /** an HRU input: may be limited to land uses */
  perLanduse: boolean;
  /** may be limited to subbasins (HRU, subbasin and reach inputs) */
  perSubbasin: boolean;
};

const p = (variable: string, file: CalibrationFile, label: string, units: string, defaultType: CalibrationType, defaultMin: number, defaultMax: number, limits: [number, number]): CatalogueParameter => ({
  variable,
  file,
  label,
  units,
  defaultType,
  defaultMin,
  defaultMax,
  limits,
  perLanduse: ['mgt', 'hru', 'gw', 'sol'].includes(file),
  perSubbasin: file !== 'bsn',
});

export const CALIBRATION_PARAMETERS: readonly CatalogueParameter[] = [
  p('CN2', 'mgt', 'Curve number II', '', '%', -25, 15, [35, 98]),
  p('ESCO', 'hru', 'Soil evaporation compensation factor', '', 'V', 0.5, 1, [0.01, 1]),
  p('EPCO', 'hru', 'Plant uptake compensation factor', '', 'V', 0.1, 1, [0.01, 1]),
  p('CANMX', 'hru', 'Maximum canopy storage', 'mm', 'V', 0, 10, [0, 100]),
  p('OV_N', 'hru', "Manning's n for overland flow", '', '%', -20, 20, [0.01, 30]),
  p('SLSUBBSN', 'hru', 'Average slope length', 'm', '%', -20, 20, [10, 150]),
  p('HRU_SLP', 'hru', 'Average slope steepness', 'm/m', '%', -20, 20, [0, 1]),
  p('LAT_TTIME', 'hru', 'Lateral flow travel time', 'days', 'V', 0, 30, [0, 180]),
  p('SOL_AWC', 'sol', 'Available water capacity of the soil layers', 'mm/mm', '%', -20, 20, [0.01, 1]),
  p('SOL_K', 'sol', 'Saturated hydraulic conductivity of the soil layers', 'mm/h', '%', -30, 30, [0.0001, 2000]),
  p('SOL_BD', 'sol', 'Moist bulk density of the soil layers', 'g/cm³', '%', -10, 10, [0.9, 2.5]),
  p('ALPHA_BF', 'gw', 'Baseflow alpha factor', '1/days', 'V', 0.005, 0.6, [0, 1]),
  p('GW_DELAY', 'gw', 'Groundwater delay', 'days', 'V', 1, 120, [0, 500]),
  p('GWQMN', 'gw', 'Threshold depth of water in the shallow aquifer for return flow', 'mm', 'V', 0, 1500, [0, 5000]),
  p('GW_REVAP', 'gw', 'Groundwater "revap" coefficient', '', 'V', 0.02, 0.2, [0.02, 0.2]),
  p('REVAPMN', 'gw', 'Threshold depth of water in the shallow aquifer for "revap"', 'mm', 'V', 0, 500, [0, 1000]),
  p('RCHRG_DP', 'gw', 'Deep aquifer percolation fraction', '', 'V', 0, 0.5, [0, 1]),
  p('GW_SPYLD', 'gw', 'Specific yield of the shallow aquifer', 'm³/m³', 'V', 0, 0.4, [0, 0.4]),
  p('CH_N2', 'rte', "Manning's n of the main channel", '', 'V', 0.014, 0.15, [0.01, 0.3]),
  p('CH_K2', 'rte', 'Effective hydraulic conductivity of the main channel', 'mm/h', 'V', 0, 60, [0, 500]),
  p('ALPHA_BNK', 'rte', 'Baseflow alpha factor for bank storage', 'days', 'V', 0, 1, [0, 1]),
  p('CH_N1', 'sub', "Manning's n of the tributary channels", '', 'V', 0.014, 0.15, [0.01, 30]),
  p('CH_K1', 'sub', 'Effective hydraulic conductivity of the tributary channels', 'mm/h', 'V', 0, 60, [0, 300]),
  p('SURLAG', 'bsn', 'Surface runoff lag coefficient', '', 'V', 0.5, 10, [0.05, 24]),
  p('SFTMP', 'bsn', 'Snowfall temperature', '°C', 'V', -5, 5, [-20, 20]),
  p('SMTMP', 'bsn', 'Snow melt base temperature', '°C', 'V', -5, 5, [-20, 20]),
  p('TIMP', 'bsn', 'Snow pack temperature lag factor', '', 'V', 0.01, 1, [0.01, 1]),
];

export function catalogueParameter(variable: string, file: string): CatalogueParameter | undefined {
  return CALIBRATION_PARAMETERS.find((c) => c.variable === variable && c.file === file);
}
