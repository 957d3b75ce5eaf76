// barrel of swat/src/txtinout: SWAT2012 TxtInOut reader and writer
export type * from './types.ts';
export * from './schemas.ts';
export { readTxtInOut, writeTxtInOut, formatTxtInOut, writeTxtInOutFiles } from './project.ts';
export { parseCio, formatCio } from './cio.ts';
export { parseFig, formatFig, formatFigCommand, FIG_COMMAND_NAMES, FIG_FILE_COMMANDS } from './fig.ts';
export { parseBsn, formatBsn } from './bsn.ts';
export { parseSub, formatSub, parseSubHruLine, formatSubHruLine } from './sub.ts';
export { parseRte, formatRte } from './rte.ts';
export { parseSwq, formatSwq } from './swq.ts';
export { parsePnd, formatPnd } from './pnd.ts';
export { parseRes, formatRes, parseLwq, formatLwq } from './res.ts';
export { parseWus, formatWus } from './wus.ts';
export { parseWgn, formatWgn } from './wgn.ts';
export { parseHru, formatHru } from './hru.ts';
export {
  parseMgt,
  formatMgt,
  parseOperation,
  formatOperation,
  operationColumns,
  operationsByYear,
  OPERATION_FIELDS,
  OPERATION_NAMES,
} from './mgt.ts';
export { parseSol, formatSol } from './sol.ts';
export { parseChm, formatChm } from './chm.ts';
export { parseGw, formatGw } from './gw.ts';
export { parseSep, formatSep } from './sep.ts';
export { parsePcp, formatPcp, parseTmp, formatTmp, parseSeries, formatSeries } from './weather.ts';
export {
  parsePlantDat,
  formatPlantDat,
  parseFertDat,
  formatFertDat,
  parseTillDat,
  formatTillDat,
  parsePestDat,
  formatPestDat,
  parseUrbanDat,
  formatUrbanDat,
} from './databases.ts';
export { parseKeyed, formatKeyed, schemaDefaults } from './keyed.ts';
export { decodeLatin1, encodeLatin1 } from './lines.ts';
export { assembleProject, buildFig, dayStamps, daysBetween, STATIONS_PER_FILE, DEFAULT_PRINTED_HRUS, defaultHruPrint } from './assemble.ts';
export type { AssemblyInput, AssemblySubbasin, AssemblyHru, AssemblyStation, AssemblyWeather, SubbasinParts, HruParts } from './assemble.ts';
