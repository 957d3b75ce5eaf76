// Single-use, expiring codes for every mailed link (confirm, reset, change e-mail) and the
// six-digit multi-factor code. Only a SHA-256 of each code is stored.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';

export type CodeKind = 'confirm' | 'reset' | 'changeemail' | 'mfa';

export const CODE_TTL_MINUTES: Record<CodeKind, number> = { confirm: 7 * 24 * 60, reset: 120, changeemail: 24 * 60, mfa: 10 };
/** Wrong guesses a multi-factor code survives. */
export const MFA_MAX_ATTEMPTS = 5;

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

type CodeRow = { id: number; userId: number; kind: CodeKind; data: string | null; attempts: number; codeHash: string };

/** A new code; earlier unused codes of the same kind for this user stop working. */
export async function issueCode(trx: Knex, userId: number, kind: CodeKind, data?: string): Promise<string> {
  const code = kind === 'mfa' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(24).toString('base64url');
  const now = new Date();
  await trx('user_codes').where({ userId: userId, kind }).whereNull('usedAt').update({ usedAt: now });
  await trx('user_codes').insert({
    userId: userId,
    kind,
    codeHash: hashCode(code),
    data: data ?? null,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES[kind] * 60_000),
  });
  return code;
}

/** Marks a link code used and returns it; undefined when unknown, used, expired or another user's. */
export async function consumeLinkCode(trx: Knex, kind: Exclude<CodeKind, 'mfa'>, code: string, userId?: number): Promise<{ userId: number; data: string | null } | undefined> {
  if (!code) return undefined;
  const q = trx<CodeRow>('user_codes').where({ kind, codeHash: hashCode(code) }).whereNull('usedAt').where('expiresAt', '>', new Date()).forUpdate().first();
  const row = (await q) as CodeRow | undefined;
  if (!row || (userId !== undefined && row.userId !== userId)) return undefined;
  await trx('user_codes').where('id', row.id).update({ usedAt: new Date() });
  return { userId: row.userId, data: row.data };
}

/** Checks the user's current multi-factor code; a wrong guess counts, five end the code. */
export async function consumeMfaCode(trx: Knex, userId: number, code: string): Promise<boolean> {
  const row = (await trx<CodeRow>('user_codes')
    .where({ userId: userId, kind: 'mfa' })
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date())
    .orderBy('id', 'desc')
    .forUpdate()
    .first()) as CodeRow | undefined;
  if (!row) return false;
  if (row.codeHash !== hashCode(code.trim())) {
    const attempts = row.attempts + 1;
    await trx('user_codes').where('id', row.id).update({ attempts, ...(attempts >= MFA_MAX_ATTEMPTS ? { usedAt: new Date() } : {}) });
    return false;
  }
  await trx('user_codes').where('id', row.id).update({ usedAt: new Date() });
  return true;
}

// Remembered devices: a random token the browser keeps per user; only its hash is stored.
export const DEVICE_TTL_DAYS = 90;

export async function rememberDevice(trx: Knex, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx('user_devices').insert({ userId: userId, tokenHash: hashCode(token), expiresAt: new Date(Date.now() + DEVICE_TTL_DAYS * 86_400_000) });
  return token;
}

export async function isRememberedDevice(trx: Knex, userId: number, token: string | null | undefined): Promise<boolean> {
  if (!token) return false;
  const row = await trx('user_devices').where({ userId: userId, tokenHash: hashCode(token) }).where('expiresAt', '>', new Date()).first();
  if (!row) return false;
  await trx('user_devices').where('id', row.id).update({ lastUsedAt: new Date() });
  return true;
}

export async function forgetDevices(trx: Knex, userId: number): Promise<void> {
  await trx('user_devices').where('userId', userId).delete();
}
