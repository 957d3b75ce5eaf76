// @headwater/swat output: SWAT2012 output.rch / output.sub / output.hru / output.std
// readers and writers. Types in types.ts; see README-output.md.
export type * from './types.ts';
export {
  parseFortranNumber,
  parseFortranInt,
  formatE,
  formatF,
  formatI,
  formatA,
  formatField,
} from './fortran.ts';
export {
  defaultColumns,
  defaultLabels,
  columnsFromPrintList,
  labelFor,
  outputLayout,
  layoutForRev,
  valueFormat,
  valueOffsets,
  HEADER_PREFIX as OUTPUT_HEADER_PREFIX,
} from './columns.ts';
export { parseCioOutputSettings, parseCioPrintLists, firstPrintedYear } from './cio.ts';
export {
  readOutputRows,
  readOutputHeader,
  readOutputTable,
  parseOutputRows,
  parseOutputTable,
  parseOutputHeader,
  toOutputTable,
  detectOutputKind,
  detectLayout,
  detectPrintSettings,
  OutputRowStream,
} from './reader.ts';
export {
  createOutputWriter,
  createRchWriter,
  createSubWriter,
  createHruWriter,
  formatOutputFile,
  formatOutputPreamble,
  formatBannerLine,
  formatOutputHeaderLine,
  buildOutputHeader,
  OutputRowFormatter,
  DEFAULT_BANNER as DEFAULT_OUTPUT_BANNER,
} from './writer.ts';
export { readRchRows, readRchTable, parseRchTable } from './rch.ts';
export { readSubRows, readSubTable, parseSubTable } from './sub.ts';
export { readHruRows, readHruTable, parseHruTable } from './hru.ts';
export {
  parseOutputStd,
  readOutputStd,
  formatOutputStd,
  formatAveAnnualBasinLines,
  STD_ANNUAL_COLUMNS,
  STD_MONTHLY_COLUMNS,
  STD_AVE_ANNUAL_BASIN_LINES,
} from './std.ts';
export { SED_COLUMNS, SED_HEADER, NSED, formatSedRow, createSedWriter, parseSedRows } from './sed.ts';
export type { SedRow, SedWriter, SedParsedRow } from './sed.ts';
