// Weather helpers: saturation vapour pressure, solar geometry, WGN summaries. The weather
// generator itself (SWAT's, seeded as SWAT seeds it) is in ./wgen.ts.
import type { Wgn } from './project.ts';

export const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Saturation vapour pressure (kPa) at T (deg C) — SWAT's Ee. */
export function ee(t: number): number {
  return t + 237.3 !== 0 ? Math.exp((16.78 * t - 116.9) / (t + 237.3)) : 0;
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

