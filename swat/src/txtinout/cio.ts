// file.cio: the master watershed file (simulation period, weather files, print settings, databases).
// Keyed `value | NAME` lines read by name and position; see keyed.ts.
import type { FileCio } from './types.ts';
import { CIO_SCHEMA } from './schemas.ts';
import { formatKeyed, parseKeyed } from './keyed.ts';
import { joinLines } from './lines.ts';

export function parseCio(text: string): FileCio {
  return parseKeyed<FileCio>(text, CIO_SCHEMA);
}

export function formatCio(value: FileCio, eol = '\r\n'): string {
  return joinLines(formatKeyed(value, CIO_SCHEMA), eol);
}
