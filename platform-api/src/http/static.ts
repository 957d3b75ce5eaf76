// Serves the built shell (SPA: unknown paths get index.html so the client router can redirect)
// and every workspace plugin's remote files at /plugins/{id}/, from one origin.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Next } from 'koa';
import { documentPolicy } from './headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Resolves `rel` inside `root`, refusing anything that escapes it. */
export function safeJoin(root: string, rel: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined;
}

/** The shell's page: each <script> tag gets this answer's nonce, and the page its policy (headers.ts). */
function sendPage(ctx: Context, file: string): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.set('Content-Security-Policy', documentPolicy(nonce));
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = TYPES['.html']!;
  ctx.body = readFileSync(file, 'utf8').replace(/<script\b/gi, `<script nonce="${nonce}"`);
}

function send(ctx: Context, file: string, immutable: boolean): void {
  if (extname(file) === '.html') return sendPage(ctx, file);
  const st = statSync(file);
  ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
  ctx.length = st.size;
  ctx.lastModified = st.mtime;
  // Hashed bundles never change; manifests, remote entries and the page must be re-checked.
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.body = createReadStream(file);
}

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2|png|svg)$/;

export function serveStatic(opts: { shellDir: string; pluginDirs: () => Map<string, string> }) {
  return async function staticFiles(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/status-hub')) return next();

    const m = /^\/plugins\/([a-z0-9-]+)\/(.+)$/.exec(path);
    if (m) {
      const dir = opts.pluginDirs().get(m[1]!);
      const file = dir && safeJoin(dir, m[2]!);
      if (file && existsSync(file) && statSync(file).isFile()) return send(ctx, file, HASHED.test(file));
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }

    const file = path !== '/' ? safeJoin(opts.shellDir, path.slice(1)) : undefined;
    if (file && existsSync(file) && statSync(file).isFile()) return send(ctx, file, HASHED.test(file));
    if (extname(path) && !path.endsWith('.html')) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    const index = join(opts.shellDir, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build`.';
      return;
    }
    send(ctx, index, false);
  };
}
