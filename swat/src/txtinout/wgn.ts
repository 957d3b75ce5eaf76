// .wgn: weather generator statistics (readwgn.f): lat/long (12x,f7.2,12x,f7.2), elevation and
// years of half-hour rain record (12x,f7.2), then 14 rows of 12 monthly values in 6-character
// fields (values touch when negative: "-21.96-19.03", so the fields are cut by position).
import type { Wgn } from './types.ts';
import { fitReal, fortranReal, joinLines, splitLines } from './lines.ts';

const MONTHLY: readonly (readonly [keyof Wgn, number])[] = [
  ['TMPMX', 2],
  ['TMPMN', 2],
  ['TMPSTDMX', 2],
  ['TMPSTDMN', 2],
  ['PCPMM', 1],
  ['PCPSTD', 2],
  ['PCPSKW', 2],
  ['PR_W1', 2],
  ['PR_W2', 2],
  ['PCPD', 2],
  ['RAINHHMX', 2],
  ['SOLARAV', 2],
  ['DEWPT', 2],
  ['WNDAV', 2],
];

export function parseWgn(text: string): Wgn {
  const lines = splitLines(text);
  const l1 = lines[1] ?? '';
  const w = {
    title: lines[0] ?? '',
    WLATITUDE: fortranReal(l1, 12, 19, 2),
    WLONGITUDE: fortranReal(l1, 31, 38, 2),
    WELEV: fortranReal(lines[2] ?? '', 12, 19, 2),
    RAIN_YRS: fortranReal(lines[3] ?? '', 12, 19, 2),
  } as Wgn;
  MONTHLY.forEach(([k, d], r) => {
    const line = lines[4 + r] ?? '';
    const v = new Array<number>(12);
    for (let m = 0; m < 12; m++) v[m] = fortranReal(line, m * 6, m * 6 + 6, d);
    (w as unknown as Record<string, number[]>)[k] = v;
  });
  return w;
}

export function formatWgn(w: Wgn, eol = '\r\n'): string {
  const lines = [
    w.title,
    `  LATITUDE =${fitReal(w.WLATITUDE, 7, 2)} LONGITUDE =${fitReal(w.WLONGITUDE, 7, 2)}`,
    `  ELEV [m] =${fitReal(w.WELEV, 7, 2)}`,
    `  RAIN_YRS =${fitReal(w.RAIN_YRS, 7, 2)}`,
  ];
  for (const [k, d] of MONTHLY) {
    const v = w[k] as number[];
    let s = '';
    for (let m = 0; m < 12; m++) s += fitReal(v[m] ?? 0, 6, d);
    lines.push(s);
  }
  return joinLines(lines, eol);
}
