// Failed-login throttling (issue 23), kept in the database so every API instance agrees.
//
// Keyed by (user name, client address): a stranger's wrong passwords from another address never
// lock the owner out. A second row per address ('*') counts every name tried from it (password
// spraying) with four times the allowance. An attempt is counted BEFORE its password is checked,
// by ONE upsert (`insert … on conflict … do update … returning`) for both rows, so concurrent
// attempts are counted exactly: once `loginMaxFailures` attempts are in, the next ones are refused
// without a password check. A success removes both rows. Delays grow: the first lock lasts
// min(60 s, LOGIN_LOCK_SECONDS), each further failure after a lock doubles it, up to
// LOGIN_LOCK_SECONDS. Counts start again a day after the last attempt.
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { RateLimitedError } from '@headwater/plugin-sdk/server';
import { ACCOUNT_MESSAGES } from '@headwater/plugin-sdk/schema';

export type ThrottleKeys = { user: string; address: string };
export const ANY_USER = '*';
const FIRST_LOCK_SECONDS = 60;
const RESET_AFTER = "interval '24 hours'";

export function throttleKeys(userName: string, ip: string): ThrottleKeys {
  return { user: `u:${userName.trim().toLowerCase()}`, address: ip || 'unknown' }; // 'u:' never equals ANY_USER
}

type Limits = Pick<Config, 'loginMaxFailures' | 'loginLockSeconds'>;

/**
 * Counts one login attempt for the user name and for the address; throws RateLimitedError
 * (429, the spec's wording) when either is locked. Call before checking the password.
 */
export async function countAttempt(knex: Knex, config: Limits, keys: ThrottleKeys): Promise<void> {
  const max = Math.max(1, config.loginMaxFailures);
  const maxAny = max * 4;
  const cap = Math.max(1, config.loginLockSeconds);
  const first = Math.min(FIRST_LOCK_SECONDS, cap);
  // failures after this attempt, for a row that is not locked
  const next = `case when f.last_attempt < now() - ${RESET_AFTER} then 1 else f.failures + 1 end`;
  const limit = `case when f.user_key = '${ANY_USER}' then ${maxAny} else ${max} end`;
  const lockFor = (n: string, lim: string) => `now() + make_interval(secs => least(${cap}::float8, ${first}::float8 * power(2::float8, greatest((${n}) - (${lim}), 0))))`;
  const initial = (lim: number) => (1 >= lim ? knex.raw(`now() + make_interval(secs => ${first}::float8)`) : null);
  const rows = (await knex.raw(
    `insert into login_failures as f (user_key, address, failures, last_attempt, locked_until, refused)
     values (?, ?, 1, now(), ?, false), (?, ?, 1, now(), ?, false)
     on conflict (user_key, address) do update set
       refused = coalesce(f.locked_until > now(), false),
       failures = case when f.locked_until > now() then f.failures else ${next} end,
       locked_until = case
         when f.locked_until > now() then f.locked_until
         when ${next} >= ${limit} then ${lockFor(next, limit)}
         else null end,
       last_attempt = now()
     returning refused, locked_until as lockts`, // one-word names: the snake/camel mapper leaves them alone
    [keys.user, keys.address, initial(max), ANY_USER, keys.address, initial(maxAny)],
  )) as { rows: { refused: boolean; lockts: Date | null }[] };
  const refused = rows.rows.filter((r) => r.refused && r.lockts);
  if (!refused.length) return;
  const until = Math.max(...refused.map((r) => new Date(r.lockts!).getTime()));
  throw new RateLimitedError(ACCOUNT_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil((until - Date.now()) / 60_000))));
}

/** A successful sign-in: the counts of this name and this address start again. */
export async function clearFailures(knex: Knex, keys: ThrottleKeys): Promise<void> {
  await knex('login_failures')
    .where('address', keys.address)
    .whereIn('user_key', [keys.user, ANY_USER])
    .delete();
}
