/// <reference types="node" />
// Files in and out of plugin server routes.
//
// In: a route that declares `upload: { maxBytes, maxFiles?, timeoutMs? }` receives a multipart
// body; platform-api streams each file to a temporary file (refusing it past `maxBytes`, the whole
// request past `timeoutMs`), hands the handler `req.files`, and removes the temporary files when
// the handler ends, fails, or the client goes away. `uploadedFile(req, rule)` takes the one file
// a handler expects, checked by extension and size, as a buffer.
//
// Out: a handler returns `new FileResponse(body, { fileName, contentType })` for a download (a CSV
// export, a zip of the current data): platform-api sends it as an attachment.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { UPLOAD_MESSAGES, uploadProblem } from '../editor/uploads.ts';
import { InputError } from './errors.ts';

/** A file received by a route with `upload` (platform-api removes `path` after the handler). */
export type UploadedFile = {
  /** the multipart field name */
  field: string;
  /** the file name the browser sent (no folders) */
  name: string;
  /** the temporary file holding it */
  path: string;
  size: number;
  /** the type the browser sent (not trusted) */
  type: string;
};

/** The one file of an upload request, checked by extension and size (the spec's wording), read. */
export function uploadedFile(req: { files?: UploadedFile[] }, rule: { extensions: readonly string[]; maxBytes?: number }): { name: string; data: Buffer } {
  const files = req.files ?? [];
  if (files.length === 0) throw new InputError({ file: [UPLOAD_MESSAGES.none] });
  if (files.length > 1) throw new InputError({ file: [UPLOAD_MESSAGES.onlyOne] });
  const f = files[0]!;
  const problem = uploadProblem(f, rule);
  if (problem) throw new InputError({ file: [problem] });
  return { name: f.name, data: readFileSync(f.path) };
}

/** A download answered by a plugin route. */
export class FileResponse {
  readonly kind = 'file' as const;
  readonly body: Buffer | string;
  readonly fileName: string;
  readonly contentType: string;
  constructor(body: Buffer | string, opts: { fileName: string; contentType?: string }) {
    this.body = body;
    this.fileName = opts.fileName;
    this.contentType = opts.contentType ?? (opts.fileName.toLowerCase().endsWith('.zip') ? 'application/zip' : opts.fileName.toLowerCase().endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream');
  }
}

/** A FileResponse, also one made by another copy of the SDK (recognised by shape). */
export function isFileResponse(v: unknown): v is FileResponse {
  return !!v && typeof v === 'object' && (v as { kind?: unknown }).kind === 'file' && typeof (v as { fileName?: unknown }).fileName === 'string' && 'body' in (v as object);
}

/** A text file kept in a saved change (an uploaded file's content): gzip, base64. */
export function packText(text: string): string {
  return gzipSync(Buffer.from(text, 'utf8')).toString('base64');
}

/** The text of `packText`. */
export function unpackText(packed: string): string {
  return gunzipSync(Buffer.from(packed, 'base64')).toString('utf8');
}
