// .sep: septic system parameters of an HRU.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Sep } from './types.ts';
import { SEP_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseSep(text: string): Sep {
  return parseKeyed<Sep>(text, SEP_SCHEMA);
}

export function formatSep(value: Sep, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, SEP_SCHEMA), eol);
}
