// .hru: HRU parameters.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Hru } from './types.ts';
import { HRU_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseHru(text: string): Hru {
  return parseKeyed<Hru>(text, HRU_SCHEMA);
}

export function formatHru(value: Hru, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, HRU_SCHEMA), eol);
}
