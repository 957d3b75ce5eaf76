// The API client's own tests stub fetch raw, not with the component tests' serve(): what they
// check is the wire itself — the /api/ prefix, the body serialised to a JSON string, a
// text/plain answer (the spec's string bodies) and a rejected fetch (network failure), none of
// which serve() (a JSON fake server behind the client) can show or produce.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, onUnauthorized, setToken } from '../src/api/client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

function respond(status: number, body: unknown, type = 'application/json') {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('API client', () => {
  it('sends the stored token as a bearer header and JSON bodies', async () => {
    setToken('tok-1');
    const fetchMock = respond(200, { id: 7 });
    expect(await api.post('projects/', { name: 'X' })).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/projects/');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(init.body).toBe('{"name":"X"}');
  });

  it('throws ApiError with the parsed messages, and tells the shell about a 401', async () => {
    respond(400, { errors: { name: ['Required'] } });
    await expect(api.get('x')).rejects.toMatchObject({ status: 400, messages: ['Required'] });
    const seen: number[] = [];
    const off = onUnauthorized((e) => seen.push(e.status));
    respond(401, 'Invalid credentials. Either your user name or password is incorrect, or you do not have permission to view this page.', 'text/plain');
    const err = await api.get('projects').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).messages[0]).toMatch(/^Invalid credentials/);
    expect(seen).toEqual([401]);
    off();
  });

  it('turns a network failure into the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await expect(api.get('x')).rejects.toMatchObject({ status: 0, messages: ['There was an error processing your request.'] });
  });
});
