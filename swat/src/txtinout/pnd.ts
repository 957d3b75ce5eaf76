// .pnd: pond and wetland parameters of a subbasin.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Pnd } from './types.ts';
import { PND_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parsePnd(text: string): Pnd {
  return parseKeyed<Pnd>(text, PND_SCHEMA);
}

export function formatPnd(value: Pnd, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, PND_SCHEMA), eol);
}
