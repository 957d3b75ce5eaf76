// The OpenAPI document of the programmatic API, served at /api/docs (a readable page) and
// /api/docs/openapi.json. Every route of the API's route table is listed (the router's own
// stack, so nothing is forgotten); routes documented with `documentRoute` add a summary and
// their request body's JSON schema, generated from the very zod schema the route validates with.
import type Router from '@koa/router';
import { z } from 'zod';
import { HEADERS, REPLAY_WINDOW_SECONDS } from './keys.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type RouteDoc = { summary: string; tag: string; body?: z.ZodType };

const docs = new Map<string, RouteDoc>();

/** Documents a route (path in OpenAPI form, `{id}`, without the /api prefix). */
export function documentRoute(method: Method, path: string, doc: RouteDoc): void {
  docs.set(`${method.toUpperCase()} ${path}`, doc);
}

const toOpenApiPath = (koaPath: string) => koaPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

export function openApiDocument(router: Router, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const layer of router.stack) {
    if (typeof layer.path !== 'string') continue;
    const full = toOpenApiPath(layer.path);
    const path = full.replace(/^\/api/, '');
    for (const m of layer.methods) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      const doc = docs.get(`${m} ${path}`);
      const params = [...full.matchAll(/\{([^}]+)\}/g)].map((x) => ({ name: x[1], in: 'path', required: true, schema: { type: 'string' } }));
      const tag = doc?.tag ?? (path.split('/')[1] || 'api');
      const op: Record<string, unknown> = {
        tags: [tag],
        summary: doc?.summary ?? `${m} ${path}`,
        parameters: params,
        responses: {
          200: { description: 'OK' },
          400: { description: "Validation problems: { errors: { field: [messages] } } or a message" },
          401: { description: 'Not signed in, or a signed request that does not hold' },
          404: { description: 'Not found (or not yours)' },
        },
      };
      if (doc?.body) op.requestBody = { required: true, content: { 'application/json': { schema: z.toJSONSchema(doc.body, { unrepresentable: 'any' }) } } };
      (paths[full] ??= {})[m.toLowerCase()] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Headwater API',
      version: '1',
      description:
        'Everything the pages do, over HTTP. Sign in with a bearer token (POST /api/auth/login), or sign each request with API keys ' +
        `(an administrator grants them): headers ${HEADERS.key}, ${HEADERS.timestamp} (seconds since 1970, UTC, within ${REPLAY_WINDOW_SECONDS / 60} minutes ` +
        `of the server's clock), ${HEADERS.nonce} (random, 16 to 128 characters, new for each request) and ${HEADERS.signature} = ` +
        'base64url(HMAC-SHA256(secretKey, METHOD + "\\n" + path + "\\n" + sorted query + "\\n" + hex SHA-256 of the body + "\\n" + timestamp + "\\n" + nonce)). ' +
        'A signature is accepted once. Signed requests carry JSON bodies.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'with X-Api-Timestamp and X-Api-Signature (see the description)' },
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
  };
}

/** A readable page of the document (no script from elsewhere: the site's own HTML). */
export function openApiHtml(doc: ReturnType<typeof openApiDocument>): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(ops) as [string, { tags: string[]; summary: string; requestBody?: { content: { 'application/json': { schema: unknown } } } }][]) {
      const body = op.requestBody ? `<details><summary>Request body (JSON schema)</summary><pre>${esc(JSON.stringify(op.requestBody.content['application/json'].schema, null, 2))}</pre></details>` : '';
      const html = `<div class="op"><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code><div class="s">${esc(op.summary)}</div>${body}</div>`;
      const tag = op.tags[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag].sort(([a], [b]) => (a === 'Batch' || a === 'Regional' ? -1 : b === 'Batch' || b === 'Regional' ? 1 : a.localeCompare(b))).map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join('')}`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}code{font-size:.95em}.op{padding:.4rem 0;border-bottom:1px solid #eee}
.m{display:inline-block;min-width:4.5em;font-weight:600;font-size:.8em}.get{color:#1864ab}.post{color:#2b8a3e}.put,.patch{color:#e67700}.delete{color:#c92a2a}.s{color:#555;font-size:.9em;margin-left:4.8em}pre{background:#f6f8fa;padding:.5rem;overflow:auto}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p><p>The machine-readable document: <a href="docs/openapi.json">openapi.json</a> (OpenAPI ${doc.openapi}).</p>${sections.join('')}</body></html>`;
}
