// Multipart uploads — the one receiver for every call that takes files: plugin server routes that
// declare `upload` (plugin-sdk server/uploads.ts) and project documents (projects/documents.ts).
// The body is streamed with busboy, each file into its own temporary file under
// FILES_DIR/tmp/uploads/<request>/, limited by `maxBytes` per file and `maxFiles`, the whole
// request by `timeoutMs` (spec 2 §9: 300000 ms).
//
// Hostile bodies (issue 23): a body without a boundary, with the wrong one, cut before its closing
// boundary, or a client that goes away mid-file answers 400 — every stream (the request, busboy,
// each file stream, each temporary file) has its error handled, so none can surface as an
// unhandled 'error' event that ends the process. Whatever ends the request (error, abort,
// timeout, the handler), the temporary files are closed and removed: `cleanup()` by the caller
// after the handler, or here before throwing.
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { DEFAULT_UPLOAD_LIMITS, InputError, UPLOAD_MESSAGES, type UploadedFile, type UploadLimits } from '@headwater/plugin-sdk/server';

/** A received file; `truncated` when it went past `maxBytes` (only its first bytes are kept). */
export type ReceivedFile = UploadedFile & { truncated: boolean };
export type ReceivedUpload = { files: ReceivedFile[]; fields: Record<string, string>; cleanup(): void };

export type ReceiveOptions = UploadLimits & {
  /** leave files past `maxBytes` to the caller (`truncated`) instead of refusing the request */
  keepOversize?: boolean;
  /** the answer for a request that is not multipart or has no usable boundary */
  noneMessage?: string;
};

/** A safe file name for the handler: the last path segment, no control characters. */
function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f]/g, '').trim().slice(0, 200);
}

export async function receiveUpload(req: IncomingMessage, limits: ReceiveOptions, tmpRoot: string): Promise<ReceivedUpload> {
  const L = { ...DEFAULT_UPLOAD_LIMITS, ...limits };
  const none = limits.noneMessage ?? UPLOAD_MESSAGES.none;
  const dir = join(tmpRoot, `${Date.now()}-${randomBytes(6).toString('hex')}`);
  const outs: WriteStream[] = [];
  const cleanup = () => {
    for (const o of outs) o.destroy(); // handles closed even when a write is still pending
    rmSync(dir, { recursive: true, force: true });
  };
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type.trim()) || !/;\s*boundary=/i.test(type)) {
    req.resume();
    throw new InputError({ file: [none] });
  }
  // a body announced larger than the files allowed (plus the form's own bytes) is not read at all
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced > L.maxBytes * L.maxFiles + 1024 * 1024) {
    req.resume();
    throw new InputError({ file: [UPLOAD_MESSAGES.tooLarge(L.maxBytes)] });
  }
  mkdirSync(dir, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      let bb: busboy.Busboy | undefined;
      const done = (err?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.off('aborted', onAborted);
        req.off('close', onClose);
        if (err) {
          if (bb) {
            req.unpipe(bb);
            bb.removeAllListeners();
            bb.on('error', () => {}); // late errors of a stream we gave up on
          }
          if (!req.destroyed) req.resume();
          reject(err instanceof InputError ? err : new InputError({ file: [UPLOAD_MESSAGES.aborted] }));
        } else resolve();
      };
      const timer = setTimeout(() => done(new InputError({ file: [UPLOAD_MESSAGES.timeout] })), L.timeoutMs);
      const onAborted = () => done(new InputError({ file: [UPLOAD_MESSAGES.aborted] }));
      const onClose = () => {
        if (!req.complete) onAborted();
      };
      req.on('aborted', onAborted);
      req.on('close', onClose);
      req.on('error', onAborted);
      // the client may have gone before we got here (the events above then never come)
      if (req.destroyed || req.readableAborted || req.socket?.destroyed) {
        onAborted();
        return;
      }
      try {
        bb = busboy({ headers: req.headers, limits: { fileSize: L.maxBytes, files: L.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: L.maxFiles + 20 } });
      } catch {
        done(new InputError({ file: [none] }));
        return;
      }
      const writes: Promise<void>[] = [];
      bb.on('file', (field: string, stream: Readable & { truncated?: boolean }, info: { filename?: string; mimeType?: string }) => {
        const name = baseName(info.filename ?? '');
        const path = join(dir, String(files.length));
        const entry: ReceivedFile = { field, name, path, size: 0, type: info.mimeType ?? '', truncated: false };
        files.push(entry);
        const out = createWriteStream(path);
        outs.push(out);
        // a body cut mid-file errors the file stream: handled here, the request fails as a whole
        stream.on('error', (err) => done(err));
        stream.on('data', (chunk: Buffer) => {
          entry.size += chunk.length;
        });
        stream.on('limit', () => {
          entry.truncated = true;
          if (!L.keepOversize) problems.push(UPLOAD_MESSAGES.tooLarge(L.maxBytes));
        });
        const written = new Promise<void>((res, rej) => {
          out.on('close', () => res());
          out.on('error', rej);
        });
        // a request given up on (abort, timeout, bad body) destroys its files: their late errors
        // (an open after the folder went) are expected, not unhandled
        written.catch(() => {});
        writes.push(written);
        stream.pipe(out);
      });
      bb.on('field', (name: string, value: string) => {
        fields[name] = value;
      });
      bb.on('filesLimit', () => problems.push(UPLOAD_MESSAGES.onlyOne));
      bb.on('partsLimit', () => problems.push(UPLOAD_MESSAGES.onlyOne));
      // malformed multipart (no closing boundary, bad headers): a 400, not a stream error
      bb.on('error', (err: unknown) => done(err));
      bb.on('close', () => {
        Promise.all(writes).then(() => done(), done);
      });
      req.pipe(bb);
    });
  } catch (err) {
    cleanup();
    throw err;
  }
  if (problems.length) {
    cleanup();
    throw new InputError({ file: [...new Set(problems)] });
  }
  return { files, fields, cleanup };
}
