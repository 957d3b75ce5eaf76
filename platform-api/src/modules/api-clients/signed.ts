// Signed API requests (keys.ts): the hook the token check calls (http/auth.ts) when a request
// carries X-Api-Key. A good signature makes the request act as the key's user, with that user's
// roles and features; anything wrong answers 401 with what was wrong (a script's author needs to
// know), never falling back to anonymous.
import type { Context } from 'koa';
import { NotSignedInError } from '@headwater/plugin-sdk/server';
import { lockedNow } from '../admin-users/models.ts';
import { User } from '../users/models.ts';
import { ApiClient } from './models.ts';
import { HEADERS, REPLAY_WINDOW_SECONDS, deriveSecret, sameSignature, serverKey, sign } from './keys.ts';

export const SIGNED_MESSAGES = {
  badKey: 'The API key is not valid or has been revoked.',
  missing: 'A signed request needs the X-Api-Key, X-Api-Timestamp, X-Api-Nonce (16 to 128 characters) and X-Api-Signature headers.',
  expired: `The request timestamp is not within ${REPLAY_WINDOW_SECONDS / 60} minutes of the server's clock.`,
  badSignature: 'The request signature is not valid.',
  replayed: 'This signed request has already been received.',
  body: 'Signed requests carry a JSON body (or none).',
} as const;

let dataDir: string | undefined;
/** Where the generated server key lives (called once by the module's register). */
export function configureSignedRequests(dir: string): void {
  dataDir = dir;
}

export function isSignedRequest(ctx: Context): boolean {
  return !!ctx.get(HEADERS.key);
}

/** The user a signed request acts as; throws NotSignedInError (401) when the signature does not hold. */
export async function signedRequestUser(ctx: Context): Promise<User> {
  if (!dataDir) throw new NotSignedInError(SIGNED_MESSAGES.badKey); // the API-clients module is not installed
  const sharedKey = ctx.get(HEADERS.key);
  const timestamp = ctx.get(HEADERS.timestamp);
  const nonce = ctx.get(HEADERS.nonce);
  const signature = ctx.get(HEADERS.signature);
  if (!sharedKey || !timestamp || !signature || nonce.length < 16 || nonce.length > 128) throw new NotSignedInError(SIGNED_MESSAGES.missing);
  const client = await ApiClient.query().findOne({ sharedKey }).modify('active');
  if (!client) throw new NotSignedInError(SIGNED_MESSAGES.badKey);
  const ts = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - ts) > REPLAY_WINDOW_SECONDS) throw new NotSignedInError(SIGNED_MESSAGES.expired);
  // the body as received: JSON bodies are kept raw by the body parser; other bodies are not signed
  const raw = (ctx.request as { rawBody?: string }).rawBody;
  const length = Number(ctx.get('content-length') || 0);
  if (raw === undefined && length > 0) throw new NotSignedInError(SIGNED_MESSAGES.body);
  const secret = deriveSecret(serverKey(dataDir), sharedKey, client.keyVersion);
  const expected = sign(secret, { method: ctx.method, path: ctx.path, query: ctx.query as Record<string, string | string[]>, body: raw ?? '', timestamp, nonce });
  if (!sameSignature(expected, signature)) throw new NotSignedInError(SIGNED_MESSAGES.badSignature);
  // once only, within the window (the nonce makes every request's signature its own)
  const knex = ApiClient.knex();
  const inserted = (await knex('api_signatures_seen')
    .insert({ signature, expiresAt: new Date((ts + REPLAY_WINDOW_SECONDS) * 1000) })
    .onConflict('signature')
    .ignore()
    .returning('signature')) as unknown[];
  if (!inserted.length) throw new NotSignedInError(SIGNED_MESSAGES.replayed);
  if (Math.random() < 0.05) await knex('api_signatures_seen').where('expiresAt', '<', new Date()).delete();
  const user = await User.query().findById(client.userId);
  if (!user || lockedNow(user)) throw new NotSignedInError(SIGNED_MESSAGES.badKey);
  await ApiClient.query().patch({ lastUsedAt: new Date() }).where('id', client.id);
  return user;
}
