import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { AppSetting } from './models.ts';

export async function getSetting<T>(key: string, trx?: Knex.Transaction): Promise<T | undefined> {
  const row = await AppSetting.query(trx).findById(key);
  return row?.value as T | undefined;
}

export async function setSetting(key: string, value: unknown, trx?: Knex.Transaction): Promise<void> {
  const existing = await AppSetting.query(trx).findById(key);
  if (existing) await AppSetting.query(trx).patchAndFetchById(key, { value: value as object });
  else await AppSetting.query(trx).insert({ key, value: value as object });
}

/** The token-signing secret: AUTH_SECRET, or one generated once and kept in the database so
 * every API instance and worker signs and verifies with the same key. */
export async function ensureAuthSecret(configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const stored = await getSetting<string>('authSecret');
  if (stored) return stored;
  const secret = randomBytes(48).toString('base64url');
  await setSetting('authSecret', secret);
  return secret;
}
