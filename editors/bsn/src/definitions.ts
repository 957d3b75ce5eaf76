// The basin variables of spec 2 §3 'Basin variables', by tab, as data: what each means, its
// units, its range and its default, from the SWAT2012 Input/Output documentation, chapter 4
// (basins.bsn). Ranges are the documented ones (ArcSWAT's where the documentation gives none);
// they are shown, never enforced (spec 2 §5). `default` is the documentation's; the page shows
// the dataset's own value as the default.
//
// Names are the spec's, which are ArcSWAT's table fields: MSK_COL1 and MSK_COL2 are written to
// basins.bsn as MSK_CO1 and MSK_CO2 (`file`). The spec's select list says ICNT where its table
// and the file say ICN; ICN is used.

export type BsnTab = 'waterBalance' | 'surfaceRunoff' | 'nutrientCycling' | 'reaches';

export type BsnOption = { value: number; label: string };

export type BsnVariable = {
  name: string;
  /** the basins.bsn parameter name when it differs from `name` */
  file?: string;
  tab: BsnTab;
  description: string;
  units: string;
  minValue: number;
  maxValue: number;
  default: number;
  /** select-list variables (spec 2 §3, wording verbatim) */
  options?: BsnOption[];
};

/** The four tabs in page order (spec 2 §2: Water Balance, Surface Runoff, Nutrient Cycling, Reaches). */
export const BSN_TABS: { key: BsnTab; title: string }[] = [
  { key: 'waterBalance', title: 'Water Balance' },
  { key: 'surfaceRunoff', title: 'Surface Runoff' },
  { key: 'nutrientCycling', title: 'Nutrient Cycling' },
  { key: 'reaches', title: 'Reaches' },
];

export const BSN_VARIABLES: BsnVariable[] = [
  // ─── Water Balance ───
  {
    name: 'SFTMP',
    tab: 'waterBalance',
    description: 'Snowfall temperature: mean air temperature at which precipitation is equally likely to be rain as snow or freezing rain.',
    units: '°C',
    minValue: -5,
    maxValue: 5,
    default: 1,
  },
  {
    name: 'SMTMP',
    tab: 'waterBalance',
    description: 'Snow melt base temperature: the snow pack does not melt until its temperature exceeds this threshold.',
    units: '°C',
    minValue: -5,
    maxValue: 5,
    default: 0.5,
  },
  {
    name: 'SMFMX',
    tab: 'waterBalance',
    description: 'Melt factor for snow on June 21: the maximum melt rate in the northern hemisphere (the minimum in the southern).',
    units: 'mm H2O/°C-day',
    minValue: 0,
    maxValue: 10,
    default: 4.5,
  },
  {
    name: 'SMFMN',
    tab: 'waterBalance',
    description: 'Melt factor for snow on December 21: the minimum melt rate in the northern hemisphere (the maximum in the southern).',
    units: 'mm H2O/°C-day',
    minValue: 0,
    maxValue: 10,
    default: 4.5,
  },
  {
    name: 'TIMP',
    tab: 'waterBalance',
    description: "Snow pack temperature lag factor: the closer to 1, the more the day's air temperature sets the snow pack temperature.",
    units: '',
    minValue: 0.01,
    maxValue: 1,
    default: 1,
  },
  {
    name: 'IPET',
    tab: 'waterBalance',
    description: 'Potential evapotranspiration (PET) method.',
    units: '',
    minValue: 0,
    maxValue: 2,
    default: 1,
    options: [
      { value: 0, label: 'Priestley-Taylor' },
      { value: 1, label: 'Penman/Monteith' },
      { value: 2, label: 'Hargreaves' },
    ],
  },
  {
    name: 'ESCO',
    tab: 'waterBalance',
    description: 'Soil evaporation compensation factor: the lower it is, the more of the soil evaporative demand deeper layers may meet.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0.95,
  },
  {
    name: 'EPCO',
    tab: 'waterBalance',
    description: 'Plant uptake compensation factor: the higher it is, the more water plants may take from lower layers when upper layers run short.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 1,
  },
  // ─── Surface Runoff ───
  {
    name: 'ICN',
    tab: 'surfaceRunoff',
    description: 'Daily curve number calculation method.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0,
    options: [
      { value: 0, label: 'soil moisture' },
      { value: 1, label: 'plant evapotranspiration' },
    ],
  },
  {
    name: 'CNCOEF',
    tab: 'surfaceRunoff',
    description: 'Plant ET curve number coefficient: weight of the retention parameter when the daily curve number follows plant evapotranspiration.',
    units: '',
    minValue: 0.5,
    maxValue: 2,
    default: 1,
  },
  {
    name: 'ICRK',
    tab: 'surfaceRunoff',
    description: 'Crack flow code: whether flow through soil cracks is modelled.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0,
    options: [
      { value: 0, label: 'no crack flow' },
      { value: 1, label: 'crack flow' },
    ],
  },
  {
    name: 'SURLAG',
    tab: 'surfaceRunoff',
    description: 'Surface runoff lag coefficient: the smaller it is, the more surface runoff is held back from the main channel each day.',
    units: 'days',
    minValue: 0.05,
    maxValue: 24,
    default: 4,
  },
  // ─── Nutrient Cycling ───
  {
    name: 'RCN',
    tab: 'nutrientCycling',
    description: 'Concentration of nitrogen in rainfall.',
    units: 'mg N/l',
    minValue: 0,
    maxValue: 15,
    default: 1,
  },
  {
    name: 'CDN',
    tab: 'nutrientCycling',
    description: 'Denitrification exponential rate coefficient.',
    units: '',
    minValue: 0,
    maxValue: 3,
    default: 1.4,
  },
  {
    name: 'SDNCO',
    tab: 'nutrientCycling',
    description: 'Denitrification threshold water content: fraction of field capacity water content above which denitrification takes place.',
    units: '',
    minValue: 0,
    maxValue: 1.1,
    default: 1.1,
  },
  {
    name: 'NPERCO',
    tab: 'nutrientCycling',
    description: 'Nitrogen percolation coefficient: concentration of nitrate in surface runoff relative to its concentration in percolate.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0.2,
  },
  {
    name: 'PPERCO',
    tab: 'nutrientCycling',
    description: 'Phosphorus percolation coefficient: soluble phosphorus in the top 10 mm of soil relative to that in percolate.',
    units: '10 m3/Mg',
    minValue: 10,
    maxValue: 17.5,
    default: 10,
  },
  {
    name: 'PHOSKD',
    tab: 'nutrientCycling',
    description: 'Phosphorus soil partitioning coefficient: soluble phosphorus in the top 10 mm of soil relative to that in surface runoff.',
    units: 'm3/Mg',
    minValue: 100,
    maxValue: 200,
    default: 175,
  },
  {
    name: 'PSP',
    tab: 'nutrientCycling',
    description: 'Phosphorus sorption coefficient (phosphorus availability index): fraction of fertilizer phosphorus left in solution after the rapid reaction period.',
    units: '',
    minValue: 0.01,
    maxValue: 0.7,
    default: 0.4,
  },
  // ─── Reaches ───
  {
    name: 'IRTE',
    tab: 'reaches',
    description: 'Channel water routing method.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0,
    options: [
      { value: 0, label: 'Variable Storage' },
      { value: 1, label: 'Muskingum' },
    ],
  },
  {
    name: 'MSK_COL1',
    file: 'MSK_CO1',
    tab: 'reaches',
    description: 'Muskingum: calibration coefficient of the storage time constant for normal flow.',
    units: '',
    minValue: 0,
    maxValue: 10,
    default: 0.75,
  },
  {
    name: 'MSK_COL2',
    file: 'MSK_CO2',
    tab: 'reaches',
    description: 'Muskingum: calibration coefficient of the storage time constant for low flow.',
    units: '',
    minValue: 0,
    maxValue: 10,
    default: 0.25,
  },
  {
    name: 'MSK_X',
    tab: 'reaches',
    description: 'Muskingum weighting factor: relative importance of inflow and outflow in the water stored in a reach segment.',
    units: '',
    minValue: 0,
    maxValue: 0.3,
    default: 0.2,
  },
  {
    name: 'TRNSRCH',
    tab: 'reaches',
    description: 'Fraction of transmission losses from the main channel that enter the deep aquifer.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0,
  },
  {
    name: 'EVRCH',
    tab: 'reaches',
    description: 'Reach evaporation adjustment factor.',
    units: '',
    minValue: 0.5,
    maxValue: 1,
    default: 1,
  },
  {
    name: 'IDEG',
    tab: 'reaches',
    description: 'Channel degradation code: whether channel dimensions are updated for downcutting and widening.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0,
    options: [
      { value: 0, label: 'no channel update' },
      { value: 1, label: 'update' },
    ],
  },
  {
    name: 'PRF',
    tab: 'reaches',
    description: 'Peak rate adjustment factor for sediment routing in the main channel.',
    units: '',
    minValue: 0,
    maxValue: 2,
    default: 1,
  },
  {
    name: 'SPCON',
    tab: 'reaches',
    description: 'Linear parameter for the maximum amount of sediment that can be re-entrained during channel sediment routing.',
    units: '',
    minValue: 0.0001,
    maxValue: 0.01,
    default: 0.0001,
  },
  {
    name: 'SPEXP',
    tab: 'reaches',
    description: 'Exponent parameter for sediment re-entrained during channel sediment routing.',
    units: '',
    minValue: 1,
    maxValue: 1.5,
    default: 1,
  },
  {
    name: 'IWQ',
    tab: 'reaches',
    description: 'In-stream water quality code: whether in-stream nutrient transformations are modelled.',
    units: '',
    minValue: 0,
    maxValue: 1,
    default: 0,
    options: [
      { value: 0, label: 'no in-stream transformations' },
      { value: 1, label: 'model them' },
    ],
  },
  {
    name: 'ADJ_PKR',
    tab: 'reaches',
    description: 'Peak rate adjustment factor for sediment routing in the subbasin (tributary channels).',
    units: '',
    minValue: 0.5,
    maxValue: 2,
    default: 1,
  },
];

export const BSN_BY_NAME: ReadonlyMap<string, BsnVariable> = new Map(BSN_VARIABLES.map((v) => [v.name, v]));

/** The basins.bsn parameter a variable is written to. */
export function bsnFileName(v: BsnVariable): string {
  return v.file ?? v.name;
}

/** 'min to max', blank when the two are equal (spec 2 §5). */
export function formatRange(v: Pick<BsnVariable, 'minValue' | 'maxValue'>): string {
  return v.minValue === v.maxValue ? '' : `${v.minValue} to ${v.maxValue}`;
}

/** The `definitions` of the basin call (spec 2 §3): the variables of each tab. */
export function definitionsByTab(): Record<BsnTab, Omit<BsnVariable, 'tab' | 'file'>[]> {
  const out = Object.fromEntries(BSN_TABS.map((t) => [t.key, []])) as unknown as Record<BsnTab, Omit<BsnVariable, 'tab' | 'file'>[]>;
  for (const { tab, file: _file, ...rest } of BSN_VARIABLES) out[tab].push(rest);
  return out;
}
