// API clients and feature access (spec 3 §3, §6, §7): an administrator grants API access (a new
// key pair, shown once, and the ApiUser role) and revokes it; the advanced features check who
// may use them here, server-side, the same rules the menus show.
import { InputError, NotAllowedError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { tierOf } from '../projects/access.ts';
import { User } from '../users/models.ts';
import { record } from '../admin-users/audit.ts';
import { assertMayManage } from '../admin-users/service.ts';
import { ApiClient } from './models.ts';
import { KEY_VERSION, deriveSecret, newSharedKey, serverKey, sha256Hex } from './keys.ts';

/** Features per user (spec 3 §6); a tier's featureList (batchProjects, regionalProjects) grants them too. */
export const FEATURES = { batch: 'BatchProjects', regional: 'RegionalProjects' } as const;
export type Feature = (typeof FEATURES)[keyof typeof FEATURES];

export const ACCESS_MESSAGES = {
  batch: 'Batch project runs need the BatchProjects feature, the ApiUser role and an API key. Please contact an administrator.',
  regional: 'Regional project runs need the RegionalProjects feature. Please contact an administrator.',
} as const;

export async function hasFeature(user: User, feature: Feature): Promise<boolean> {
  if ((user.featureAccess ?? []).includes(feature)) return true;
  const tier = await tierOf(user);
  const camel = feature[0]!.toLowerCase() + feature.slice(1);
  return !!tier?.featureList?.some((f) => f === feature || f === camel);
}

/** The user's features as the session carries them: their own and those their tier grants, so
 * the menus offer what the server allows. */
export async function effectiveFeatures(user: User): Promise<string[]> {
  const own = user.featureAccess ?? [];
  const granted = await Promise.all((Object.values(FEATURES) as Feature[]).map(async (f) => ((await hasFeature(user, f)) ? f : null)));
  return [...new Set([...own, ...granted.filter((f): f is Feature => !!f)])];
}

export async function activeClient(userId: number): Promise<ApiClient | undefined> {
  return ApiClient.query().where('userId', userId).modify('active').orderBy('id', 'desc').first();
}

/** What the /api dashboard offers this user (the side menu), the same rules the server applies. */
export async function advancedAccess(user: User) {
  const batch = user.hasRole('ApiUser') && (await hasFeature(user, FEATURES.batch)) && !!(await activeClient(user.id));
  const regional = await hasFeature(user, FEATURES.regional);
  return { batchProjects: batch, regionalProjects: regional, isApiUser: user.hasRole('ApiUser'), hasApiKey: !!(await activeClient(user.id)) };
}

/** Batch runs: the BatchProjects feature, the ApiUser role and an API key (spec 3 §6). */
export async function requireBatchAccess(user: User): Promise<void> {
  if (!(await advancedAccess(user)).batchProjects) throw new NotAllowedError(ACCESS_MESSAGES.batch);
}

export async function requireRegionalAccess(user: User): Promise<void> {
  if (!(await hasFeature(user, FEATURES.regional))) throw new NotAllowedError(ACCESS_MESSAGES.regional);
}

// ─── administration ───────────────────────────────────────────────────────────────────────

async function targetUser(id: number): Promise<User> {
  const user = await User.query().findById(id);
  if (!user) throw new NotFoundError();
  return user;
}

/** POST admin/users/apiAccess/{id}: a new key pair (any older one revoked) and the ApiUser role.
 * The secret key is in this answer only: it is derived, never stored. */
export async function grantApiAccess(deps: Pick<AppDeps, 'config' | 'db'>, admin: User, userId: number): Promise<{ sharedKey: string; secretKey: string; createdAt: Date }> {
  const user = await targetUser(userId);
  assertMayManage(admin, user, 'API access');
  if (user.roles.includes('Pending')) throw new InputError('The account is pending approval: approve it before granting API access.');
  const sharedKey = newSharedKey();
  const secretKey = deriveSecret(serverKey(deps.config.dataDir), sharedKey, KEY_VERSION);
  const now = new Date();
  await deps.db.transaction(async (trx) => {
    await ApiClient.query(trx).patch({ revokedAt: now }).where('userId', userId).whereNull('revokedAt');
    await ApiClient.query(trx).insert({ userId, sharedKey, secretSha256: sha256Hex(secretKey), keyVersion: KEY_VERSION, createdAt: now });
    if (!user.roles.includes('ApiUser')) await User.query(trx).patch({ roles: [...user.roles, 'ApiUser'] }).where('id', userId);
    await record(trx, admin, 'user', { id: user.id, name: user.userName }, 'API access granted', `shared key ${sharedKey}`);
  });
  return { sharedKey, secretKey, createdAt: now };
}

/** DELETE admin/users/deleteApiAccess/{userID}: every key of the user refused from now on, the ApiUser role removed. */
export async function revokeApiAccess(deps: Pick<AppDeps, 'db'>, admin: User, userId: number): Promise<{ value: true }> {
  const user = await targetUser(userId);
  assertMayManage(admin, user, 'API access');
  await deps.db.transaction(async (trx) => {
    await record(trx, admin, 'user', { id: user.id, name: user.userName }, 'API access revoked');
    await ApiClient.query(trx).patch({ revokedAt: new Date() }).where('userId', userId).whereNull('revokedAt');
    if (user.roles.includes('ApiUser')) await User.query(trx).patch({ roles: user.roles.filter((r) => r !== 'ApiUser') }).where('id', userId);
  });
  return { value: true };
}

/** The user's API client as the admin's user detail shows it (never the secret). */
export async function apiClientInfo(userId: number) {
  await targetUser(userId);
  const clients = await ApiClient.query().where('userId', userId).orderBy('id', 'desc');
  return {
    hasApiAccess: clients.some((c) => !c.revokedAt),
    clients: clients.map((c) => ({ sharedKey: c.sharedKey, createdAt: c.createdAt, revokedAt: c.revokedAt, lastUsedAt: c.lastUsedAt })),
  };
}

/** POST admin/users/features/{id} { value: ['BatchProjects', 'RegionalProjects'] }: the user's own
 * features (a tier's featureList grants them to all its users as well). Not a spec call: the
 * spec shows the flags but not how they are set; the admin user detail's API access tab uses it. */
export async function setFeatures(deps: Pick<AppDeps, 'db'>, admin: User, userId: number, value: unknown): Promise<{ featureAccess: string[] }> {
  const user = await targetUser(userId);
  assertMayManage(admin, user, 'features');
  const known = Object.values(FEATURES) as string[];
  const list = Array.isArray(value) ? value.map(String) : [];
  const unknown = list.filter((f) => !known.includes(f));
  if (unknown.length) throw new InputError({ value: [`Unknown feature: ${unknown.join(', ')}. Features: ${known.join(', ')}.`] });
  // features other modules may keep on the user are left as they are
  const featureAccess = [...new Set([...(user.featureAccess ?? []).filter((f) => !known.includes(f)), ...list])];
  await deps.db.transaction(async (trx) => {
    await User.query(trx).patch({ featureAccess }).where('id', userId);
    await record(trx, admin, 'user', { id: user.id, name: user.userName }, 'features set', featureAccess.join(', ') || 'none');
  });
  return { featureAccess };
}
