// The API client every plugin uses: bearer token from local storage, JSON in and out, and the
// spec's error parsing (an errors map, a string, an object of lists, else the generic text).
import { MESSAGES } from '../messages.ts';

export const TOKEN_KEY = 'hw.auth_token';
export const API_BASE = '/api';

export function getToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable (private mode): the session lasts this page only */
  }
}

export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly fieldErrors: Record<string, string[]>;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const { messages, fieldErrors } = parseErrorBody(body);
    super(messages.join(' '));
    this.status = status;
    this.messages = messages;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

/** Spec 1 §8: every message of an errors map; a string as is; all items of an object of
 * lists; anything else the generic message. */
export function parseErrorBody(body: unknown): { messages: string[]; fieldErrors: Record<string, string[]> } {
  if (typeof body === 'string' && body.trim()) return { messages: [body], fieldErrors: {} };
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const o = body as Record<string, unknown>;
    const map = o.errors && typeof o.errors === 'object' && !Array.isArray(o.errors) ? (o.errors as Record<string, unknown>) : o;
    const fieldErrors: Record<string, string[]> = {};
    const messages: string[] = [];
    for (const [field, list] of Object.entries(map)) {
      const items = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : typeof list === 'string' ? [list] : [];
      if (items.length) {
        fieldErrors[field] = items;
        messages.push(...items);
      }
    }
    if (messages.length) return { messages, fieldErrors };
  }
  return { messages: [MESSAGES.generic], fieldErrors: {} };
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** The shell listens here to open the login modal on a 401. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string>; quiet401?: boolean };

export function apiUrl(path: string): string {
  return path.startsWith('http') || path.startsWith('/api/') ? path : `${API_BASE}/${path.replace(/^\//, '')}`;
}

export async function apiFetch<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MESSAGES.generic);
  }
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) {
    const error = new ApiError(res.status, parsed);
    if (res.status === 401 && !opts.quiet401) for (const l of unauthorizedListeners) l(error);
    throw error;
  }
  return (text ? parsed : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};

/** A link that carries the token in the query (CSV exports, file downloads). */
export function authorizedUrl(path: string): string {
  const url = apiUrl(path);
  const token = getToken();
  return token ? `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}` : url;
}

/** A link to a file the API gives as a path or url: API paths (`/api/…` or relative) get the
 * token (spec 1 §7 `?access_token`); absolute urls, links that already carry it and other site
 * paths stay as they are. Nothing for no url. */
export function fileHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https?:/.test(url) || url.includes('access_token=')) return url;
  if (url.startsWith('/api/') || !url.startsWith('/')) return authorizedUrl(url);
  return url;
}
