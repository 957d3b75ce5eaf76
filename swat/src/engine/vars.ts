// Indices of the daily output vectors (HRU, subbasin, reach, basin) and how each is
// aggregated over a print period.
// (the variables summed over a period come first: Acc adds them in one contiguous loop)
export const HV = {
  PRECIP: 0, SNOFALL: 1, SNOMELT: 2, IRR: 3, PET: 4, ET: 5, PERC: 6, GW_RCHG: 7, DA_RCHG: 8, REVAP: 9, SURQ_GEN: 10,
  SURQ_CNT: 11, TLOSS: 12, LATQGEN: 13, GW_Q: 14, WYLD: 15, DAILYCN: 16, TMP_AV: 17, TMP_MX: 18, TMP_MN: 19, SOL_TMP: 20,
  SOLAR: 21, SYLD: 22, USLE: 23, N_APP: 24, P_APP: 25, NAUTO: 26, W_STRS: 27, TMP_STRS: 28, YLD: 29, GW_Q_D: 30, LATQCNT: 31,
  N_STRS: 32, NUP: 33, NFIX: 34, NSURQ: 35, NLATQ: 36, NO3L: 37, F_MN: 38, A_MN: 39, DNIT: 40, NRAIN: 41, PUP: 42, ORGN: 43,
  ORGP: 44, SEDP: 45, SOLP: 46, P_STRS: 47, F_MP: 48, AO_LP: 49, L_AP: 50, A_SP: 51, QTILE: 52, SW_INIT: 53, SW_END: 54, SA_ST: 55,
  DA_ST: 56, SNO: 57, TNO3: 58, BIOM: 59, LAI: 60,
} as const;
export const NHV = 61;
/** Aggregation of each HRU variable over a period: 0 sum, 1 mean, 2 last, 3 first, 4 maximum,
 * 5 last within a month but maximum over a year (LAI, as SWAT's hrumon/hruyr print it). */
export const HV_AGG = new Int8Array(NHV);
for (const k of [HV.DAILYCN, HV.TMP_AV, HV.TMP_MX, HV.TMP_MN, HV.SOL_TMP, HV.SOLAR]) HV_AGG[k] = 1;
for (const k of [HV.SW_END, HV.SA_ST, HV.DA_ST, HV.SNO, HV.TNO3]) HV_AGG[k] = 2;
HV_AGG[HV.BIOM] = 4; // SWAT prints the period's maximum biomass
HV_AGG[HV.LAI] = 5;
HV_AGG[HV.SW_INIT] = 3;

export const SV = {
  PRECIP: 0, SNOMELT: 1, PET: 2, ET: 3, SW: 4, PERC: 5, SURQ: 6, GW_Q: 7, WYLD: 8, SYLD: 9, LATQ: 10, ORGN: 11, ORGP: 12, NSURQ: 13,
  SOLP: 14, SEDP: 15, LATNO3: 16,
} as const;
export const NSV = 17;
export const SV_AGG = new Int8Array(NSV);
SV_AGG[SV.SW] = 2; // SWAT prints the soil water at the end of the period

export const RV = {
  FLOW_IN: 0, FLOW_OUT: 1, EVAP: 2, TLOSS: 3, SED_IN: 4, SED_OUT: 5, SEDCONC: 6, NO3_IN: 7, NO3_OUT: 8, ORGN_IN: 9, ORGN_OUT: 10,
  ORGP_IN: 11, ORGP_OUT: 12, MINP_IN: 13, MINP_OUT: 14, TOTN: 15, TOTP: 16, NO3CONC: 17, NH4_IN: 18, NH4_OUT: 19, NO2_IN: 20,
  NO2_OUT: 21, CHLA_IN: 22, CHLA_OUT: 23, CBOD_IN: 24, CBOD_OUT: 25, DISOX_IN: 26, DISOX_OUT: 27, WTMP: 28,
} as const;
export const NRV = 29;
export const RV_AGG = new Int8Array(NRV);
for (const k of [RV.FLOW_IN, RV.FLOW_OUT, RV.EVAP, RV.TLOSS, RV.SEDCONC, RV.NO3CONC, RV.WTMP]) RV_AGG[k] = 1;

/** Basin (output.std) daily sums, area-weighted mm (SED in t/ha). */
export const BV = {
  PRECIP: 0, SNOFALL: 1, SNOMELT: 2, SUBLIM: 3, SURQ: 4, LATQ: 5, GWQ: 6, GWQ_DEEP: 7, REVAP: 8, DA_RCHG: 9, RCHRG: 10, WYLD: 11,
  PERC: 12, ET: 13, PET: 14, TLOSS: 15, SED: 16, SW: 17, N_APP: 18, P_APP: 19, NO3_SURQ: 20, NO3_LAT: 21, NO3_LEACH: 22,
  N_UPTAKE: 23, N_FIX: 24, DENIT: 25, HUMUS_MIN: 26, FRESH_MIN: 27, NO3_RAIN: 28, N_AUTO: 29, N_YIELD: 30, NO3_SOIL: 31,
  ORGN: 32, ORGP: 33, SOLP: 34, P_LEACH: 35, P_UPTAKE: 36, HUMUS_MIN_P: 37, FRESH_MIN_P: 38, P_YIELD: 39, P_AUTO: 40,
  ACT_SOL_P: 41, ACT_STA_P: 42, TILE: 43,
} as const;
export const NBV = 44;

/** Constituents carried by the fig.fig hydrographs besides water (m3): sediment (t), nitrate,
 * organic N, organic P, mineral (soluble) P, ammonium, nitrite, chlorophyll-a, CBOD and
 * dissolved oxygen (kg; SWAT's varoute 6, 4, 5, 7, 14, 15, 13, 16, 17). */
export const C = { SED: 0, NO3: 1, ORGN: 2, ORGP: 3, MINP: 4, NH4: 5, NO2: 6, CHLA: 7, CBOD: 8, DISOX: 9 } as const;
export const NC = 10;


/** The 41 values of an output.rsv row (rev 637 writem.f/writed.f order) and how each is
 * aggregated over a period: 0 sum, 1 mean, 2 last. */
export const NRSV = 41;
export const RSV = { VOL: 0, FLOW_IN: 1, FLOW_OUT: 2, PCP: 3, EVAP: 4, SEEP: 5, SED_IN: 6, SED_OUT: 7, SED_CONC: 8, ORGN_IN: 9, ORGN_OUT: 10,
  RES_ORGN: 11, ORGP_IN: 12, ORGP_OUT: 13, RES_ORGP: 14, NO3_IN: 15, NO3_OUT: 16, RES_NO3: 17,
  NO2_IN: 18, NO2_OUT: 19, RES_NO2: 20, NH3_IN: 21, NH3_OUT: 22, RES_NH3: 23, MINP_IN: 24, MINP_OUT: 25, RES_MINP: 26, SECCHI: 29 } as const;
export const RSV_AGG = new Int8Array(NRSV);
for (const k of [1, 2, 8, 11, 14, 17, 20, 23, 26, 39, 40]) RSV_AGG[k] = 1;
RSV_AGG[0] = 2;
RSV_AGG[29] = 2;
