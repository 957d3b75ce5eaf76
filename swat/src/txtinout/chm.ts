// .chm: initial soil chemistry (readchm.f): nutrient rows after column 27 (10 layers, f12.2),
// then the initial pesticides, one per row (i4,3f18.2).
import type { Chm, ChmPesticide } from './types.ts';
import { field, joinLines, numbers, splitLines } from './lines.ts';

const NUTRIENT_ROWS = [
  ['SOL_NO3', ' Soil NO3 [mg/kg]         :'],
  ['SOL_ORGN', ' Soil organic N [mg/kg]   :'],
  ['SOL_SOLP', ' Soil labile P [mg/kg]    :'],
  ['SOL_ORGP', ' Soil organic P [mg/kg]   :'],
  ['PPERCO_SUB', ' Phosphorus perc coef     :'],
] as const;

function rowValues(line: string | undefined): number[] | undefined {
  if (line === undefined) return undefined;
  const p = line.indexOf(':');
  if (p < 0) return undefined;
  const v = numbers(line.slice(p + 1));
  while (v.length < 10) v.push(0);
  return v;
}

export function parseChm(text: string): Chm {
  const lines = splitLines(text);
  const chm: Chm = {
    title: lines[0] ?? '',
    SOL_NO3: rowValues(lines[3]) ?? new Array<number>(10).fill(0),
    SOL_ORGN: rowValues(lines[4]) ?? new Array<number>(10).fill(0),
    SOL_SOLP: rowValues(lines[5]) ?? new Array<number>(10).fill(0),
    SOL_ORGP: rowValues(lines[6]) ?? new Array<number>(10).fill(0),
    pesticides: [],
  };
  const perco = rowValues(lines[7]);
  if (perco) chm.PPERCO_SUB = perco;
  // pesticide rows follow the two column-heading lines after "Soil Pesticide Data"
  let i = 7;
  while (i < lines.length && !lines[i]!.toLowerCase().includes('pesticide data')) i++;
  for (i += 3; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const p: ChmPesticide = {
      PSTNUM: Math.trunc(field(line, 0, 4)),
      PLTPST: field(line, 4, 22),
      SOLPST: field(line, 22, 40),
      PSTENR: field(line, 40, 58),
    };
    chm.pesticides.push(p);
  }
  return chm;
}

function cell(v: number, width: number, decimals: number): string {
  let s = v.toFixed(decimals);
  for (let d = decimals + 1; d <= 10 && Number(s) !== v; d++) s = v.toFixed(d);
  return s.length < width ? s.padStart(width) : ' ' + s;
}

export function formatChm(chm: Chm, eol = '\r\n'): string {
  const lines = [chm.title, 'Soil Nutrient Data'];
  let head = ' Soil Layer               :';
  for (let l = 1; l <= 10; l++) head += String(l).padStart(12);
  lines.push(head);
  for (const [k, label] of NUTRIENT_ROWS) {
    const v = chm[k];
    if (!v) continue;
    let s = label;
    for (let l = 0; l < Math.max(10, v.length); l++) s += cell(v[l] ?? 0, 12, 2);
    lines.push(s);
  }
  lines.push('Soil Pesticide Data');
  lines.push(' Pesticide  Pst on plant    Pst in 1st soil layer Pst enrichment');
  lines.push('   #           [kg/ha]           [kg/ha]           [kg/ha]');
  for (const p of chm.pesticides) {
    lines.push(
      (p.PSTNUM ? String(p.PSTNUM).padStart(4) : '    ') +
        cell(p.PLTPST, 18, 2) +
        cell(p.SOLPST, 18, 2) +
        cell(p.PSTENR, 18, 2),
    );
  }
  return joinLines(lines, eol);
}
