// One file to an API route that takes uploads (multipart), with the spec's timeout (spec 2 §9:
// 300000 ms): past it the request is aborted and the upload's timeout message is the error.
import { UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS } from '../editor/uploads.ts';
import { ApiError, apiFetch } from './client.ts';

export async function uploadFile<T = unknown>(path: string, file: File, opts: { field?: string; fields?: Record<string, string>; timeoutMs?: number; method?: 'POST' | 'PUT' } = {}): Promise<T> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) fd.append(k, v);
  fd.append(opts.field ?? 'file', file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? UPLOAD_TIMEOUT_MS);
  try {
    return await apiFetch<T>(path, { method: opts.method ?? 'POST', body: fd, signal: controller.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw new ApiError(408, UPLOAD_MESSAGES.timeout);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
