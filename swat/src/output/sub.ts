// output.sub: subbasins (BIGSUB rows). Variables such as PRECIPmm, PETmm, ETmm, SURQmm, WYLDmm, SYLDt/ha.
// Thin, typed entry points over the shared reader/writer (reader.ts, writer.ts), so
// callers can say what they expect and get an error for the wrong file.

import { parseOutputTable, readOutputRows, readOutputTable } from './reader.ts';

import type { OutputRow, OutputTable, ReadOutputOptions } from './types.ts';

/** Streams the rows of output.sub (path or text chunks). */
export function readSubRows(source: string | AsyncIterable<string | Uint8Array>, options: Omit<ReadOutputOptions, 'kind'> = {}): AsyncGenerator<OutputRow> {
  return readOutputRows(source, { ...options, kind: 'sub' });
}

/** Column-oriented read of output.sub (text or path). */
export function readSubTable(textOrPath: string, options: Omit<ReadOutputOptions, 'kind'> = {}): Promise<OutputTable> {
  return readOutputTable(textOrPath, { ...options, kind: 'sub' });
}

/** Column-oriented parse of output.sub text. */
export function parseSubTable(text: string, options: Omit<ReadOutputOptions, 'kind'> = {}): OutputTable {
  return parseOutputTable(text, { ...options, kind: 'sub' });
}
