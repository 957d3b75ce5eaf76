// Multipart uploads to plugin server routes that declare `upload` (plugin-sdk server/uploads.ts):
// the body is streamed with busboy (as project documents are, projects/documents.ts), each file
// into its own temporary file under FILES_DIR/tmp/uploads/<request>/, refused past the route's
// `maxBytes` or `maxFiles`, the whole request past `timeoutMs` (spec 2 §9: 300000 ms) or when the
// client goes away. The caller removes the folder when the handler ends (`cleanup`), whatever
// happened: a temporary file never outlives its request.
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { DEFAULT_UPLOAD_LIMITS, InputError, UPLOAD_MESSAGES, type UploadedFile, type UploadLimits } from '@headwater/plugin-sdk/server';

export type ReceivedUpload = { files: UploadedFile[]; fields: Record<string, string>; cleanup(): void };

/** A safe file name for the handler: the last path segment, no control characters. */
function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f]/g, '').trim().slice(0, 200);
}

export async function receiveUpload(req: IncomingMessage, limits: UploadLimits, tmpRoot: string): Promise<ReceivedUpload> {
  const L = { ...DEFAULT_UPLOAD_LIMITS, ...limits };
  const dir = join(tmpRoot, `${Date.now()}-${randomBytes(6).toString('hex')}`);
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const type = req.headers['content-type'] ?? '';
  if (!/multipart\/form-data/i.test(type)) throw new InputError({ file: [UPLOAD_MESSAGES.none] });
  // a body announced larger than the files allowed (plus the form's own bytes) is not read at all
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced > L.maxBytes * L.maxFiles + 1024 * 1024) {
    req.resume();
    throw new InputError({ file: [UPLOAD_MESSAGES.tooLarge(L.maxBytes)] });
  }
  mkdirSync(dir, { recursive: true });
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const done = (err?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.off('aborted', onAborted);
        req.off('close', onClose);
        if (err) {
          req.unpipe();
          req.resume();
          reject(err);
        } else resolve();
      };
      const timer = setTimeout(() => done(new InputError({ file: [UPLOAD_MESSAGES.timeout] })), L.timeoutMs);
      const onAborted = () => done(new InputError({ file: [UPLOAD_MESSAGES.aborted] }));
      const onClose = () => {
        if (!req.complete) onAborted();
      };
      req.on('aborted', onAborted);
      req.on('close', onClose);
      let bb: busboy.Busboy;
      try {
        bb = busboy({ headers: req.headers, limits: { fileSize: L.maxBytes, files: L.maxFiles, fields: 20, fieldSize: 64 * 1024 } });
      } catch {
        done(new InputError({ file: [UPLOAD_MESSAGES.none] }));
        return;
      }
      const writes: Promise<void>[] = [];
      bb.on('file', (field, stream, info) => {
        const name = baseName(info.filename ?? '');
        const path = join(dir, String(files.length));
        const entry: UploadedFile = { field, name, path, size: 0, type: info.mimeType ?? '' };
        files.push(entry);
        const out = createWriteStream(path);
        stream.on('data', (chunk: Buffer) => {
          entry.size += chunk.length;
        });
        stream.on('limit', () => {
          problems.push(UPLOAD_MESSAGES.tooLarge(L.maxBytes));
          stream.unpipe(out);
          stream.resume();
          out.end();
        });
        writes.push(
          new Promise<void>((res, rej) => {
            out.on('close', () => res());
            out.on('error', rej);
          }),
        );
        stream.pipe(out);
      });
      bb.on('field', (name, value) => {
        fields[name] = value;
      });
      bb.on('filesLimit', () => problems.push(UPLOAD_MESSAGES.onlyOne));
      bb.on('error', (err) => done(err));
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
