// Daily weather per subbasin: measured gauge values, RFINC/TMPINC/RADINC/HUMINC adjustments,
// and weather-generator (WGN) values for missing (-99) or simulated data (SWAT pgen/tgen/
// slrgen/rhgen/wndgen, simplified: one uniform random stream per subbasin, no pcf correction).
import type { Subbasin, Wgn } from './project.ts';

export const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Saturation vapour pressure (kPa) at T (deg C) — SWAT's Ee. */
export function ee(t: number): number {
  return t + 237.3 !== 0 ? Math.exp((16.78 * t - 116.9) / (t + 237.3)) : 0;
}

/** Park–Miller minimal standard generator (uniform in (0,1)); deterministic per seed. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = Math.max(1, Math.floor(seed) % 2147483646);
  }
  next(): number {
    this.s = (this.s * 16807) % 2147483647;
    return this.s / 2147483647;
  }
  normal(): number {
    const u1 = Math.max(1e-10, this.next());
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(6.283185 * u2);
  }
}

export interface SubWeatherState {
  rng: Rng;
  wetPrev: boolean;
}

export interface DayWeather {
  pcp: number; tmx: number; tmn: number; tav: number; slr: number; rh: number; wnd: number;
}

export interface SolarGeometry { rmx: number; dayl: number; ra0: number }
const geoOut: SolarGeometry = { rmx: 0, dayl: 0, ra0: 0 };

/** Maximum possible solar radiation (MJ/m2) and day length (h) — SWAT clgen. The returned
 * object is reused by the next call (read it at once). */
export function solarGeometry(latDeg: number, doy: number): SolarGeometry {
  const lat = (latDeg * Math.PI) / 180;
  const sd = Math.asin(0.4 * Math.sin((doy - 82) / 58.09));
  const dd = 1 + 0.033 * Math.cos(doy / 58.09);
  let ch = -Math.sin(lat) * Math.tan(sd) / Math.cos(lat);
  let h: number;
  if (ch > 1) h = 0;
  else if (ch >= -1) h = Math.acos(ch);
  else h = Math.PI;
  const ys = Math.sin(lat) * Math.sin(sd);
  const yc = Math.cos(lat) * Math.cos(sd);
  const x = h * ys + yc * Math.sin(h);
  ch = 0;
  geoOut.rmx = Math.max(0, 30 * dd * x);
  geoOut.dayl = 7.6394 * h;
  geoOut.ra0 = Math.max(0, 37.59 * dd * x);
  return geoOut;
}

/** Minimum day length of the year at a latitude (h). */
export function minDayLength(latDeg: number): number {
  const lat = (latDeg * Math.PI) / 180;
  const sd = -0.4102; // solar declination at winter solstice (rad), as SWAT readwgn
  let ch = -Math.sin(lat) * Math.tan(sd) / Math.cos(lat);
  if (latDeg < 0) ch = -ch;
  if (ch > 1) return 0;
  if (ch < -1) return 24;
  return 7.6394 * Math.acos(ch);
}

export function generatePcp(w: Wgn, mon: number, st: SubWeatherState): number {
  const pW = st.wetPrev ? w.prW2[mon] : w.prW1[mon];
  const v = st.rng.next();
  if (v > pW) {
    st.wetPrev = false;
    return 0;
  }
  st.wetPrev = true;
  const days = Math.max(0.1, w.pcpd[mon]);
  const mean = w.pcpmm[mon] / days;
  const skew = w.pcpskw[mon];
  const sd = w.pcpstd[mon];
  let p: number;
  if (Math.abs(skew) > 1e-4) {
    const r6 = skew / 6;
    let xlv = (st.rng.normal() - r6) * r6 + 1;
    xlv = ((xlv * xlv * xlv - 1) * 2) / skew;
    p = xlv * sd + mean;
  } else p = mean + sd * st.rng.normal();
  return Math.max(0.1, p);
}

export function generateTmp(w: Wgn, mon: number, wet: boolean, st: SubWeatherState): { tmx: number; tmn: number } {
  // wet days are cooler (SWAT tgen shifts the mean by 0.5 of the amplitude)
  const amp = Math.max(0, (w.tmpmx[mon] - w.tmpmn[mon]) * 0.5);
  const shift = wet ? -0.5 * amp * 0.5 : 0.5 * amp * 0.5;
  let tmx = w.tmpmx[mon] + shift + w.tmpstdmx[mon] * st.rng.normal() * 0.5;
  let tmn = w.tmpmn[mon] + w.tmpstdmn[mon] * st.rng.normal() * 0.5;
  if (tmn > tmx) {
    const t = tmn;
    tmn = tmx;
    tmx = t;
  }
  return { tmx, tmn };
}

export function generateSlr(w: Wgn, mon: number, wet: boolean, rmx: number): number {
  let s = w.solarav[mon];
  if (wet) s = s - 0.5 * Math.max(0, rmx - s) > 0 ? Math.max(0.5 * s, s - 0.25 * Math.max(0, rmx - s)) : s;
  return Math.min(Math.max(s, 0.05 * rmx), rmx);
}

export function generateRh(w: Wgn, mon: number, tav: number): number {
  const rh = ee(w.dewpt[mon]) / ee(tav);
  return Math.min(0.99, Math.max(0.05, rh));
}

export function generateWnd(w: Wgn, mon: number, st: SubWeatherState): number {
  const v = Math.max(1e-6, st.rng.next());
  return Math.max(0.1, w.wndav[mon] * Math.pow(-Math.log(v), 0.3));
}

/** Annual heat units (base 0) from the WGN monthly means — the PHU base for HU scheduling. */
export function annualHeatUnits(w: Wgn): number {
  let s = 0;
  for (let m = 0; m < 12; m++) {
    const t = (w.tmpmx[m] + w.tmpmn[m]) / 2;
    if (t > 0) s += t * DAYS_IN_MONTH[m];
  }
  return Math.max(s, 1);
}

export function annualMeanTemp(w: Wgn): number {
  let s = 0;
  for (let m = 0; m < 12; m++) s += ((w.tmpmx[m] + w.tmpmn[m]) / 2) * DAYS_IN_MONTH[m];
  return s / 365;
}

export function annualPrecip(w: Wgn): number {
  let s = 0;
  for (let m = 0; m < 12; m++) s += w.pcpmm[m];
  return s;
}

export function subbasinSeed(sub: Subbasin, igen: number): number {
  return 1234567 + sub.num * 7919 + igen * 104729;
}
