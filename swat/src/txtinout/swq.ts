// .swq: in-stream nutrient and pesticide parameters of a reach.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Swq } from './types.ts';
import { SWQ_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseSwq(text: string): Swq {
  return parseKeyed<Swq>(text, SWQ_SCHEMA);
}

export function formatSwq(value: Swq, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, SWQ_SCHEMA), eol);
}
