// .wus: monthly consumptive water use of a subbasin.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Wus } from './types.ts';
import { WUS_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseWus(text: string): Wus {
  return parseKeyed<Wus>(text, WUS_SCHEMA);
}

export function formatWus(value: Wus, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, WUS_SCHEMA), eol);
}
