// Uploads of editors (spec 2 §5 'Land use update upload', 'Point source', operations import; §9:
// 300000 ms upload timeouts): the wording and the rules both halves apply — the browser before it
// sends (extension, size), the server again when it receives (plugin-sdk/src/server/zip.ts and
// csv.ts check the content). React-free: the client's UploadArea and the server helpers import it.

/** Spec 2 §9: the operations CSV and point source zip uploads wait 5 minutes. */
export const UPLOAD_TIMEOUT_MS = 300_000;

/** Limits of one upload (the server's defaults; a route may lower them). */
export type UploadLimits = {
  /** bytes of the file as sent */
  maxBytes: number;
  /** files in one request */
  maxFiles?: number;
  /** how long the server waits for the whole body (default UPLOAD_TIMEOUT_MS) */
  timeoutMs?: number;
};

/** The server's default: one file of at most 20 MB. */
export const DEFAULT_UPLOAD_LIMITS: Required<UploadLimits> = { maxBytes: 20 * 1024 * 1024, maxFiles: 1, timeoutMs: UPLOAD_TIMEOUT_MS };

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The wording of uploads. The spec gives the rules ('.zip only', 'up to 25 files', 'sample file
 * names kept', '.csv only'), not the sentences: these are ours. */
export const UPLOAD_MESSAGES = {
  none: 'Please choose a file to upload.',
  onlyOne: 'Please upload one file at a time.',
  extension: (extensions: readonly string[]) => `Please upload a ${extensions.join(' or ')} file.`,
  tooLarge: (maxBytes: number) => `The file is larger than ${mb(maxBytes)}.`,
  timeout: 'The upload took longer than 5 minutes and was stopped. Please try again with a smaller file.',
  aborted: 'The upload was interrupted. Please try again.',
  // zip archives
  notZip: 'The file is not a valid zip archive.',
  zip64: 'The zip archive is too large (zip64 archives are not accepted).',
  emptyZip: 'The zip archive holds no files.',
  tooManyEntries: (max: number) => `The zip archive holds more than ${max} files.`,
  unsafePath: (name: string) => `${name}: a file of the zip archive may not be stored outside it (absolute paths, '..', drive letters and backslashes are refused).`,
  link: (name: string) => `${name}: links are not accepted in the zip archive.`,
  encrypted: (name: string) => `${name}: encrypted files are not accepted.`,
  method: (name: string) => `${name}: this compression method is not supported (only stored or deflated files).`,
  ratio: (name: string, ratio: number) => `${name}: expands ${Math.round(ratio)} times its compressed size; the archive looks like a zip bomb and is refused.`,
  totalSize: (maxBytes: number) => `The files of the zip archive add up to more than ${mb(maxBytes)}; the archive is refused.`,
  entrySize: (name: string, maxBytes: number) => `${name}: larger than ${mb(maxBytes)}.`,
  corrupt: (name: string) => `${name}: the file is damaged in the zip archive (its size or checksum does not match).`,
  duplicate: (name: string) => `${name}: the zip archive holds this file twice.`,
  unexpected: (name: string, expected: string) => `${name}: not an expected file name (${expected}).`,
  // CSV
  csvEmpty: (file: string) => `${file}: the file is empty.`,
  csvHeader: (file: string, missing: readonly string[]) => `${file}: the header line lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
  csvUnknownColumn: (file: string, column: string) => `${file}: unknown column '${column}' in the header line.`,
  csvLine: (file: string, line: number, column: string | undefined, message: string) => `${file ? `${file}: ` : ''}line ${line}${column ? `, column ${column}` : ''}: ${message}`,
  csvQuote: 'a quoted value is not closed',
  csvTooManyRows: (file: string, max: number) => `${file}: more than ${max} rows.`,
} as const;

/** The extension of a file name, lower case with its dot ('.zip'), or ''. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const i = base.lastIndexOf('.');
  return i <= 0 ? '' : base.slice(i).toLowerCase();
}

/** What is wrong with a file before it is sent (or as received): its extension and size. */
export function uploadProblem(file: { name: string; size: number }, rule: { extensions: readonly string[]; maxBytes?: number }): string | null {
  if (!file.name) return UPLOAD_MESSAGES.none;
  if (!rule.extensions.includes(extensionOf(file.name))) return UPLOAD_MESSAGES.extension(rule.extensions);
  if (rule.maxBytes !== undefined && file.size > rule.maxBytes) return UPLOAD_MESSAGES.tooLarge(rule.maxBytes);
  return null;
}
