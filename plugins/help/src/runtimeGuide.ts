export type RuntimeGuide = { years: number[]; rows: { hrus: number; times: string[] }[] };

/** Spec 1 'Help /help': HRUs against modelled time frames of 5, 10, 20 and 30 years. */
export const RUNTIME_GUIDE: RuntimeGuide = {
  years: [5, 10, 20, 30],
  rows: [
    { hrus: 2_500, times: ['8m', '9m', '11m', '13m'] },
    { hrus: 150_000, times: ['1d 6h 4m', '1d 17h 9m', '3d 2h 26m', '4d 13h 30m'] },
  ],
};
