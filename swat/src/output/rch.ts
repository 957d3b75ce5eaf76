// output.rch: reaches (REACH rows). Variables such as FLOW_INcms, FLOW_OUTcms, SED_OUTtons, NO3_OUTkg.
// Thin, typed entry points over the shared reader/writer (reader.ts, writer.ts), so
// callers can say what they expect and get an error for the wrong file.

import { parseOutputTable, readOutputRows, readOutputTable } from './reader.ts';

import type { OutputRow, OutputTable, ReadOutputOptions } from './types.ts';

/** Streams the rows of output.rch (path or text chunks). */
export function readRchRows(source: string | AsyncIterable<string | Uint8Array>, options: Omit<ReadOutputOptions, 'kind'> = {}): AsyncGenerator<OutputRow> {
  return readOutputRows(source, { ...options, kind: 'rch' });
}

/** Column-oriented read of output.rch (text or path). */
export function readRchTable(textOrPath: string, options: Omit<ReadOutputOptions, 'kind'> = {}): Promise<OutputTable> {
  return readOutputTable(textOrPath, { ...options, kind: 'rch' });
}

/** Column-oriented parse of output.rch text. */
export function parseRchTable(text: string, options: Omit<ReadOutputOptions, 'kind'> = {}): OutputTable {
  return parseOutputTable(text, { ...options, kind: 'rch' });
}
