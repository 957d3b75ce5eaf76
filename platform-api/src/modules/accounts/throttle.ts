// Failed-login throttling: after LOGIN_MAX_FAILURES wrong passwords for one user name (or four
// times as many from one client address) within the cool-down window, further attempts answer
// 429 until LOGIN_LOCK_SECONDS have passed. Kept in the database so every API instance agrees.
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { RateLimitedError } from '@headwater/plugin-sdk/server';
import { ACCOUNT_MESSAGES } from '@headwater/plugin-sdk/schema';

export type ThrottleKeys = { user: string; address: string };
type Row = { key: string; failures: number; windowStart: Date; lockedUntil: Date | null };

export function throttleKeys(userName: string, ip: string): ThrottleKeys {
  return { user: `user:${userName.trim().toLowerCase()}`, address: `ip:${ip}` };
}

export async function assertNotThrottled(knex: Knex, keys: ThrottleKeys): Promise<void> {
  const rows = (await knex<Row>('login_throttle').whereIn('key', [keys.user, keys.address]).where('lockedUntil', '>', new Date())) as Row[];
  if (!rows.length) return;
  const until = Math.max(...rows.map((r) => new Date(r.lockedUntil!).getTime()));
  throw new RateLimitedError(ACCOUNT_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil((until - Date.now()) / 60_000))));
}

export async function recordFailure(knex: Knex, config: Pick<Config, 'loginMaxFailures' | 'loginLockSeconds'>, keys: ThrottleKeys): Promise<void> {
  const now = new Date();
  const windowMs = config.loginLockSeconds * 1000;
  for (const [key, max] of [
    [keys.user, config.loginMaxFailures],
    [keys.address, config.loginMaxFailures * 4],
  ] as const) {
    await knex.transaction(async (trx) => {
      const row = (await trx<Row>('login_throttle').where('key', key).forUpdate().first()) as Row | undefined;
      const fresh = !row || now.getTime() - new Date(row.windowStart).getTime() > windowMs;
      const failures = fresh ? 1 : row!.failures + 1;
      const lock = failures >= max;
      const values = { failures: lock ? 0 : failures, windowStart: fresh || lock ? now : row!.windowStart, lockedUntil: lock ? new Date(now.getTime() + windowMs) : (row?.lockedUntil ?? null) };
      if (row) await trx('login_throttle').where('key', key).update(values);
      else await trx('login_throttle').insert({ key, ...values });
    });
  }
}

export async function clearFailures(knex: Knex, keys: ThrottleKeys): Promise<void> {
  await knex('login_throttle').where('key', keys.user).delete();
}
