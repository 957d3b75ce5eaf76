// The registration captcha, chosen by CAPTCHA_PROVIDER:
// - `altcha` (default): a self-hosted proof of work in the ALTCHA format. The server issues a
//   challenge `sha256(salt + secretNumber)` signed with an HMAC and an expiry inside the salt;
//   the browser finds the number with SubtleCrypto; the server checks the HMAC, the hash, the
//   expiry, and that the challenge has not been spent. Works offline.
// - `recaptcha` / `hcaptcha`: the widget's token is verified with the provider's siteverify
//   call using CAPTCHA_SECRET (needs Internet access to the provider).
// - `none`: no captcha (automation and tests).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { User } from '../users/models.ts';
import { getSetting, setSetting } from '../settings/service.ts';

export const POW_MAX_NUMBER = 50_000;
export const POW_TTL_SECONDS = 20 * 60;

export type PowChallenge = { algorithm: 'SHA-256'; challenge: string; maxnumber: number; salt: string; signature: string };
export type CaptchaConfig = { provider: Config['captchaProvider']; siteKey?: string; challenge?: PowChallenge };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function hmacKey(trx?: Knex.Transaction): Promise<string> {
  const stored = await getSetting<string>('captchaHmacKey', trx);
  if (stored) return stored;
  const key = randomBytes(32).toString('base64url');
  await setSetting('captchaHmacKey', key, trx);
  return key;
}

export async function createPowChallenge(maxnumber = POW_MAX_NUMBER, now = Date.now()): Promise<PowChallenge> {
  const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(now / 1000) + POW_TTL_SECONDS}`;
  const number = randomInt(0, maxnumber + 1);
  const challenge = sha256(salt + number);
  const signature = createHmac('sha256', await hmacKey()).update(challenge).digest('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature };
}

/** What the register form needs to show the captcha. */
export async function captchaConfig(config: Pick<Config, 'captchaProvider' | 'captchaSiteKey'>): Promise<CaptchaConfig> {
  if (config.captchaProvider === 'altcha') return { provider: 'altcha', challenge: await createPowChallenge() };
  if (config.captchaProvider === 'none') return { provider: 'none' };
  return { provider: config.captchaProvider, siteKey: config.captchaSiteKey };
}

/** Solves a challenge by brute force (tests and scripts; the browser does the same). */
export function solvePow(c: PowChallenge): string {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (sha256(c.salt + n) === c.challenge) return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature })).toString('base64');
  }
  throw new Error('no solution');
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function verifyPow(payload: string | undefined, trx?: Knex.Transaction, now = Date.now()): Promise<boolean> {
  if (!payload) return false;
  let p: { algorithm?: unknown; challenge?: unknown; number?: unknown; salt?: unknown; signature?: unknown };
  try {
    p = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (p.algorithm !== 'SHA-256' || typeof p.challenge !== 'string' || typeof p.salt !== 'string' || typeof p.signature !== 'string' || typeof p.number !== 'number') return false;
  const expected = createHmac('sha256', await hmacKey(trx)).update(p.challenge).digest('hex');
  if (!safeEqualHex(expected, p.signature)) return false;
  if (sha256(p.salt + p.number) !== p.challenge) return false;
  const expires = Number(new URLSearchParams(p.salt.split('?')[1] ?? '').get('expires'));
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const knex = trx ?? User.knex();
  await knex('captcha_spent').where('expiresAt', '<', new Date(now)).delete();
  const inserted = await knex('captcha_spent').insert({ challenge: p.challenge, expiresAt: new Date(expires * 1000) }).onConflict('challenge').ignore().returning('challenge');
  return inserted.length === 1; // a challenge is good for one registration
}

const VERIFY_URLS = { recaptcha: 'https://www.google.com/recaptcha/api/siteverify', hcaptcha: 'https://api.hcaptcha.com/siteverify' } as const;

/** reCAPTCHA / hCaptcha: the provider's siteverify call (form-encoded secret + response). */
export async function verifyRemote(provider: 'recaptcha' | 'hcaptcha', secret: string | undefined, token: string | undefined, remoteIp?: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  if (!secret || !token) return false;
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  try {
    const res = await fetchImpl(VERIFY_URLS[provider], { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return false;
    const json = (await res.json()) as { success?: boolean };
    return json.success === true;
  } catch {
    return false;
  }
}

export async function verifyCaptcha(config: Pick<Config, 'captchaProvider' | 'captchaSecret'>, token: string | undefined, remoteIp?: string, trx?: Knex.Transaction): Promise<boolean> {
  switch (config.captchaProvider) {
    case 'none':
      return true;
    case 'altcha':
      return verifyPow(token, trx);
    default:
      return verifyRemote(config.captchaProvider, config.captchaSecret, token, remoteIp);
  }
}
