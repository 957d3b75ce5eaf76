// What every answer says about itself (security headers), and whom the app believes about the
// client's address (proxy headers).
import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';

/**
 * The content security policy of the shell's page (index.html, http/static.ts), the one document
 * the product serves; the shell and its plugins run under it:
 *  - scripts: the page's own <script> tags carry a per-answer nonce, and 'strict-dynamic' extends
 *    that trust to the scripts they load — the shell's chunks and every Module Federation remote,
 *    workspace plugins (/plugins/<id>/, this origin) and external ones an administrator registers
 *    at run time from another origin (no reload needed). Nothing else runs: no inline script an
 *    injected text could carry, no eval. ('self' is the fallback of browsers without CSP 3.)
 *  - styles: inline, since Mantine sets style attributes and injects <style> for its variables;
 *    remotes' CSS files from their own origin;
 *  - images: data:/blob: (markers, chart exports) and any host: map tiles come from the tile
 *    providers the administrators configure in the site settings;
 *  - connections: this origin (API, status hub WebSocket) and the remotes' manifests, wherever
 *    an administrator registered them;
 *  - workers from this origin or blob: (the registration captcha solves its proof of work in one);
 *  - never framed (clickjacking), no plugins (<object>), forms and <base> to this origin.
 */
export function documentPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' 'unsafe-eval'`,
    "style-src 'self' 'unsafe-inline' https: http:",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data: https: http:",
    "connect-src 'self' https: http: wss: ws:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every other answer (API JSON, files, downloads) is no document: it may load nothing, be framed by nobody. */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Sets the security headers on every answer (also errors: set before anything runs); the shell's
 * page replaces the policy with `documentPolicy` (static.ts). */
export function securityHeaders() {
  return async function headers(ctx: Context, next: Next): Promise<void> {
    ctx.set(SECURITY_HEADERS);
    await next();
  };
}

const plain = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/** TRUSTED_PROXIES: a comma list of addresses or CIDR ranges (IPv4 or IPv6). Invalid entries throw. */
export function parseTrustedProxies(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [addr, bits] = raw.split('/');
    const family = isIP(plain(addr!));
    if (!family) throw new Error(`TRUSTED_PROXIES: '${raw}' is not an address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(plain(addr!), type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: '${raw}' has a bad prefix length`);
      list.addSubnet(plain(addr!), prefix, type);
    }
  }
  return list;
}

export function isTrusted(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const a = plain(address);
  const family = isIP(a);
  return !!family && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address: the connection's peer, unless that peer is a trusted proxy — then the
 * X-Forwarded-For entries are read from the right, skipping trusted proxies, and the first
 * untrusted one is the client. A header from anyone else is ignored (a forged X-Forwarded-For
 * does not move the login throttle to another key). Koa's own `proxy` is off; this sets `ctx.ip`.
 */
export function clientAddress(trusted: BlockList) {
  return async function address(ctx: Context, next: Next): Promise<void> {
    const peer = plain(ctx.req.socket.remoteAddress ?? '');
    let ip = peer;
    if (isTrusted(trusted, peer)) {
      const hops = (ctx.get('x-forwarded-for') || '').split(',').map((s) => plain(s.trim())).filter((s) => isIP(s));
      while (hops.length) {
        const hop = hops.pop()!;
        ip = hop;
        if (!isTrusted(trusted, hop)) break;
      }
    }
    ctx.request.ip = ip;
    await next();
  };
}
