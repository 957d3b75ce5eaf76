// Serves the built shell (SPA: unknown paths get index.html so the client router can redirect)
// and every workspace plugin's remote files at /plugins/{id}/, from one origin.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Next } from 'koa';

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

function send(ctx: Context, file: string, immutable: boolean): void {
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
