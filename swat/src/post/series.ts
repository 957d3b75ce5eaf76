// Daily series of one reach/subbasin/HRU from a SWAT output table, for the flood
// frequency and baseflow tools (e.g. FLOW_OUTcms of a reach in daily output.rch).

import type { OutputTable } from '../output/index.ts';
import { annualMaxima } from './ffa/annual-maxima.ts';
import type { AnnualMaximaOptions, AnnualMaximum } from './ffa/annual-maxima.ts';

export interface DatedValue {
  date: string;
  value: number;
}

/** Daily values of `column` for one unit of a daily output table (IPRINT = 1). */
export function dailySeries(table: OutputTable, unit: number, column = 'FLOW_OUTcms'): DatedValue[] {
  if (table.iprint !== 1) throw new RangeError('a daily series needs daily SWAT output (IPRINT = 1)');
  const col = table.columns[column];
  if (!col) throw new RangeError(`column ${column} is not in the SWAT output`);
  const out: DatedValue[] = [];
  for (let i = 0; i < table.rowCount; i++) {
    if (table.unit[i] !== unit || table.period[i] !== 'day') continue;
    const y = table.year[i]!;
    const m = table.month[i]!;
    const d = table.day[i]!;
    if (!Number.isFinite(y) || !Number.isFinite(m) || !Number.isFinite(d)) continue;
    out.push({ date: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, value: col[i]! });
  }
  if (out.length === 0) throw new RangeError(`unit ${unit} has no daily rows in the SWAT output`);
  return out;
}

/** Annual maximum daily values of one unit (e.g. annual peak daily flow of a reach). */
export function annualMaximaOfUnit(table: OutputTable, unit: number, column = 'FLOW_OUTcms', options: AnnualMaximaOptions = {}): AnnualMaximum[] {
  return annualMaxima(dailySeries(table, unit, column), options);
}
