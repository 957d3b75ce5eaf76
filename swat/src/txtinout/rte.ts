// .rte: main channel (reach) parameters.
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { Rte } from './types.ts';
import { RTE_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseRte(text: string): Rte {
  return parseKeyed<Rte>(text, RTE_SCHEMA);
}

export function formatRte(value: Rte, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, RTE_SCHEMA), eol);
}
