// Project documents (spec 1 §2 Documents, §5, §9): files under
// FILES_DIR/projects/{id}/documents. Accepted types docx, xslx (sic), xlsx, pptx, pdf, jpg,
// png, zip, 7z; each up to 50 MB; at most 10 per project. Uploads are multipart (the one
// receiver, plugins/uploads.ts), streamed to temporary files and moved in only when every rule holds.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { AppDeps } from '../../deps.ts';
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { User } from '../users/models.ts';
import { receiveUpload, type ReceivedFile } from '../plugins/uploads.ts';
import { projectFor } from './access.ts';
import { Project } from './models.ts';
import { projectDir } from './service.ts';

export const DOCUMENT_TYPES = ['docx', 'xslx', 'xlsx', 'pptx', 'pdf', 'jpg', 'png', 'zip', '7z'] as const;
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;

export const DOCUMENT_MESSAGES = {
  type: (name: string) => `${name}: this file type is not accepted. Accepted types: ${DOCUMENT_TYPES.join(', ')}.`,
  size: (name: string) => `${name}: the file is larger than 50 MB.`,
  name: (name: string) => `${name}: the file name is not valid.`,
  count: `A project can have at most ${MAX_DOCUMENTS} documents. Please delete one to upload more.`,
  none: 'Please choose a file to upload.',
} as const;

function documentsDir(deps: Pick<AppDeps, 'config'>, id: number): string {
  return join(projectDir(deps, id), 'documents');
}

/** A safe stored name (no path, no control characters, no leading dot), or undefined. */
export function safeDocumentName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop()!.normalize('NFC').trim();
  if (!base || base.length > 200 || base.startsWith('.') || /[\u0000-\u001f<>:"|?*]/.test(base)) return undefined;
  return base;
}

function extension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
}

export async function listDocuments(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const dir = documentsDir(deps, p.id);
  return listNames(dir)
    .map((fileName) => {
      const st = statSync(join(dir, fileName));
      return { fileName, fileUrl: `/api/projects/documents/${p.id}/${encodeURIComponent(fileName)}`, modified: st.mtime, size: st.size };
    })
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
}

export async function documentPath(deps: AppDeps, user: User, id: number, fileName: string): Promise<string> {
  const p = await projectFor(user, id);
  const name = safeDocumentName(fileName);
  if (!name || !listNames(documentsDir(deps, p.id)).includes(name)) throw new NotFoundError();
  return join(documentsDir(deps, p.id), name);
}

export async function deleteDocument(deps: AppDeps, user: User, id: number, fileName: string): Promise<void> {
  await projectFor(user, id, 'edit');
  const path = await documentPath(deps, user, id, fileName);
  rmSync(path, { force: true });
  await Project.query().patch({ lastModifiedDate: new Date() }).where('id', id);
}

/** Receives a multipart upload of one or more files (any field name) through the one multipart
 * receiver (plugins/uploads.ts: malformed or interrupted bodies are a 400, temporary files are
 * removed whatever happens), then moves them in only when every rule holds. */
export async function uploadDocuments(deps: AppDeps, user: User, id: number, req: IncomingMessage) {
  const p = await projectFor(user, id, 'edit');
  const dir = documentsDir(deps, p.id);
  const upload = await receiveUpload(req, { maxBytes: MAX_DOCUMENT_BYTES, maxFiles: 50, keepOversize: true, noneMessage: DOCUMENT_MESSAGES.none }, join(deps.config.filesDir, 'tmp', 'uploads'));
  try {
    return await storeDocuments(deps, user, p.id, dir, upload.files);
  } finally {
    upload.cleanup();
  }
}

async function storeDocuments(deps: AppDeps, user: User, projectId: number, dir: string, files: ReceivedFile[]) {
  const received = files.map((f) => {
    const name = safeDocumentName(f.name);
    return { name: name ?? f.name, original: f.name, tmp: f.path, tooLarge: f.truncated, badName: !name, badType: !name || !(DOCUMENT_TYPES as readonly string[]).includes(extension(name)) };
  });
  const errors: string[] = [];
  for (const r of received) {
    if (r.badName) errors.push(DOCUMENT_MESSAGES.name(r.original || '(no name)'));
    else if (r.badType) errors.push(DOCUMENT_MESSAGES.type(r.name));
    else if (r.tooLarge) errors.push(DOCUMENT_MESSAGES.size(r.name));
  }
  if (!received.length) errors.push(DOCUMENT_MESSAGES.none);
  const existing = new Set(listNames(dir));
  const added = new Set(received.filter((r) => !existing.has(r.name)).map((r) => r.name));
  if (!errors.length && existing.size + added.size > MAX_DOCUMENTS) errors.push(DOCUMENT_MESSAGES.count);
  if (errors.length) throw new InputError({ file: errors });
  mkdirSync(dir, { recursive: true });
  for (const r of received) renameSync(r.tmp, join(dir, r.name));
  await Project.query().patch({ lastModifiedDate: new Date() }).where('id', projectId);
  return listDocuments(deps, user, projectId);
}
