// The keys and signatures of the programmatic API (README.md 'Signed requests').
//
// Secret keys are never stored: secretKey = HMAC-SHA256(server key, 'headwater-api-client:v1:' +
// sharedKey), so the server derives it again to check a signature, and a stolen database holds
// no usable secret (only its SHA-256, for audit). The server key comes from API_KEY_SECRET, or
// is generated once into DATA_DIR/api-key.secret (every API instance must share it: set the
// variable when running several).
//
// A signed request carries four headers:
//   X-Api-Key        the shared key
//   X-Api-Timestamp  seconds since 1970 (UTC)
//   X-Api-Nonce      a random string, new for each request (16–128 characters)
//   X-Api-Signature  base64url(HMAC-SHA256(secretKey, canonical))
// where canonical = METHOD \n path \n sorted query \n sha256-hex(body) \n timestamp \n nonce.
// The nonce makes two identical requests in the same second two signatures (a poll loop), so a
// signature seen before is a replay.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const KEY_VERSION = 1;
/** A signature is accepted this long either side of the server's clock, and only once. */
export const REPLAY_WINDOW_SECONDS = 300;
export const HEADERS = { key: 'x-api-key', timestamp: 'x-api-timestamp', nonce: 'x-api-nonce', signature: 'x-api-signature' } as const;

const serverKeys = new Map<string, Buffer>();

/** The server key (cached per data directory). */
export function serverKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.API_KEY_SECRET) return Buffer.from(env.API_KEY_SECRET, 'utf8');
  const cached = serverKeys.get(dataDir);
  if (cached) return cached;
  const file = join(dataDir, 'api-key.secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
  serverKeys.set(dataDir, key);
  return key;
}

export function newSharedKey(): string {
  return `hw_${randomBytes(12).toString('hex')}`;
}

export function deriveSecret(key: Buffer, sharedKey: string, version = KEY_VERSION): string {
  return createHmac('sha256', key).update(`headwater-api-client:v${version}:${sharedKey}`).digest('base64url');
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The query string in a canonical order (keys, then values, sorted; RFC 3986 encoding). */
export function canonicalQuery(query: Record<string, string | string[] | undefined>): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) pairs.push([k, one]);
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return pairs
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
}

export type SignedParts = { method: string; path: string; query: Record<string, string | string[] | undefined>; body: string | Uint8Array; timestamp: string; nonce: string };

export function canonicalRequest(p: SignedParts): string {
  return [p.method.toUpperCase(), p.path, canonicalQuery(p.query), sha256Hex(p.body), p.timestamp, p.nonce].join('\n');
}

export function sign(secretKey: string, p: SignedParts): string {
  return createHmac('sha256', secretKey).update(canonicalRequest(p)).digest('base64url');
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Headers for a signed request (the README's example script and the tests use this). */
export function signedHeaders(sharedKey: string, secretKey: string, p: Omit<SignedParts, 'timestamp' | 'nonce'> & { timestamp?: string; nonce?: string }): Record<string, string> {
  const timestamp = p.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = p.nonce ?? randomBytes(16).toString('hex');
  return { 'X-Api-Key': sharedKey, 'X-Api-Timestamp': timestamp, 'X-Api-Nonce': nonce, 'X-Api-Signature': sign(secretKey, { ...p, timestamp, nonce }) };
}
