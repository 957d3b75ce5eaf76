// output.hru: HRUs (LULC HRU GIS SUB MGT rows). Variables such as PRECIPmm, ETmm, SURQ_GENmm, BIOMt/ha, YLDt/ha.
// Thin, typed entry points over the shared reader/writer (reader.ts, writer.ts), so
// callers can say what they expect and get an error for the wrong file.

import { parseOutputTable, readOutputRows, readOutputTable } from './reader.ts';

import type { OutputRow, OutputTable, ReadOutputOptions } from './types.ts';

/** Streams the rows of output.hru (path or text chunks). */
export function readHruRows(source: string | AsyncIterable<string | Uint8Array>, options: Omit<ReadOutputOptions, 'kind'> = {}): AsyncGenerator<OutputRow> {
  return readOutputRows(source, { ...options, kind: 'hru' });
}

/** Column-oriented read of output.hru (text or path). */
export function readHruTable(textOrPath: string, options: Omit<ReadOutputOptions, 'kind'> = {}): Promise<OutputTable> {
  return readOutputTable(textOrPath, { ...options, kind: 'hru' });
}

/** Column-oriented parse of output.hru text. */
export function parseHruTable(text: string, options: Omit<ReadOutputOptions, 'kind'> = {}): OutputTable {
  return parseOutputTable(text, { ...options, kind: 'hru' });
}
