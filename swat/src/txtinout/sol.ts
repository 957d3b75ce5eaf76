// .sol: soil profile (readsol.f): six header lines read with fixed formats, then one row per
// property with the layer values after column 27 (format 27x,15f12.2).
import type { Sol, SoilLayer } from './types.ts';
import { joinLines, numbers, parseNum, splitLines } from './lines.ts';

/** Layer rows in file order: field, label (27 columns), decimals. */
const ROWS: readonly (readonly [keyof SoilLayer, string, number])[] = [
  ['SOL_Z', ' Depth                [mm]:', 2],
  ['SOL_BD', ' Bulk Density Moist [g/cc]:', 2],
  ['SOL_AWC', ' Ave. AW Incl. Rock Frag  :', 2],
  ['SOL_K', ' Ksat. (est.)      [mm/hr]:', 2],
  ['SOL_CBN', ' Organic Carbon [weight %]:', 2],
  ['CLAY', ' Clay           [weight %]:', 2],
  ['SILT', ' Silt           [weight %]:', 2],
  ['SAND', ' Sand           [weight %]:', 2],
  ['ROCK', ' Rock Fragments   [vol. %]:', 2],
  ['SOL_ALB', ' Soil Albedo (Moist)      :', 2],
  ['USLE_K', ' Erosion K                :', 2],
  ['SOL_EC', ' Salinity (EC, Form 5)    :', 2],
  ['SOL_PH', ' Soil pH                  :', 2],
  ['SOL_CAL', ' Soil CACO3               :', 2],
];

function afterColon(line: string | undefined): string {
  if (line === undefined) return '';
  const p = line.indexOf(':');
  return p >= 0 ? line.slice(p + 1) : line.slice(27);
}

export function parseSol(text: string): Sol {
  const lines = splitLines(text);
  const num = (i: number): number => {
    const v = parseNum(afterColon(lines[i]).trim().split(/\s+/)[0] ?? '');
    return Number.isNaN(v) ? 0 : v;
  };
  const sol: Sol = {
    title: lines[0] ?? '',
    SNAM: afterColon(lines[1]).trim(),
    HYDGRP: afterColon(lines[2]).trim(),
    SOL_ZMX: num(3),
    ANION_EXCL: num(4),
    SOL_CRK: num(5),
    TEXTURE: afterColon(lines[6]).trim(),
    layers: [],
    rows: 0,
  };
  const values: number[][] = [];
  for (let r = 0; r < ROWS.length; r++) {
    const line = lines[7 + r];
    if (line === undefined || line.trim() === '' || line.indexOf(':') < 0) break;
    values.push(numbers(afterColon(line)));
  }
  sol.rows = values.length;
  const nl = values[0]?.length ?? 0;
  for (let l = 0; l < nl; l++) {
    const layer = {} as SoilLayer;
    ROWS.forEach(([k], r) => {
      layer[k] = values[r]?.[l] ?? 0;
    });
    sol.layers.push(layer);
  }
  return sol;
}

function cell(v: number, decimals: number): string {
  let s = v.toFixed(decimals);
  for (let d = decimals + 1; d <= 10 && Number(s) !== v; d++) s = v.toFixed(d);
  return s.length < 12 ? s.padStart(12) : ' ' + s;
}

export function formatSol(sol: Sol, eol = '\r\n'): string {
  const lines = [
    sol.title,
    ` Soil Name: ${sol.SNAM}`,
    ` Soil Hydrologic Group: ${sol.HYDGRP}`,
    ` Maximum rooting depth(m) : ${cell(sol.SOL_ZMX, 2).trim()}`,
    ` Porosity fraction from which anions are excluded: ${cell(sol.ANION_EXCL, 3).trim()}`,
    ` Crack volume potential of soil: ${cell(sol.SOL_CRK, 3).trim()}`,
    ` Texture 1                : ${sol.TEXTURE}`,
  ];
  const rows = Math.max(12, Math.min(sol.rows || 14, ROWS.length));
  for (let r = 0; r < rows; r++) {
    const [k, label, d] = ROWS[r]!;
    let s = label;
    for (const layer of sol.layers) s += cell(layer[k], d);
    lines.push(s);
  }
  return joinLines(lines, eol);
}
