// What every answer says about itself (security headers), and whom the app believes about the
// client's address (proxy headers).
import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';

/**
 * The content security policy the shell and its plugins run under:
 *  - scripts only from this origin: the shell and every Module Federation remote are served here
 *    (/plugins/<id>/…); no inline script, no eval;
 *  - inline styles: Mantine sets style attributes and injects <style> for its CSS variables;
 *  - images from https anywhere, data: and blob:: map tiles come from the tile providers the
 *    administrators configure at run time (site settings), markers and chart exports are data:/blob:;
 *  - fetch/XHR and the status hub's WebSocket to this origin only;
 *  - workers from this origin or blob: (the registration captcha solves its proof of work in one);
 *  - never framed (clickjacking), no plugins, forms and <base> to this origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Sets the security headers on every answer (also errors: set before anything runs). */
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
