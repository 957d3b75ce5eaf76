// .gw: groundwater parameters of an HRU.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Gw } from './types.ts';
import { GW_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseGw(text: string): Gw {
  return parseKeyed<Gw>(text, GW_SCHEMA);
}

export function formatGw(value: Gw, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, GW_SCHEMA), eol);
}
