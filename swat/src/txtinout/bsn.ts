// basins.bsn: basin-wide parameters.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Bsn } from './types.ts';
import { BSN_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseBsn(text: string): Bsn {
  return parseKeyed<Bsn>(text, BSN_SCHEMA);
}

export function formatBsn(value: Bsn, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, BSN_SCHEMA), eol);
}
