// Bearer-token authentication. Tokens are stateless JWTs (HS256) so API instances scale
// behind any load balancer; `tv` (token version) lets a password change or logout-everywhere
// revoke older tokens with one column.
import type { Context, Next } from 'koa';
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { lockedNow } from '../modules/admin-users/models.ts';
import { User, type Role } from '../modules/users/models.ts';
import { isSignedRequest, signedRequestUser } from '../modules/api-clients/signed.ts';
import { forbidden, unauthorized } from './errors.ts';
import { camelRow, preparedRows } from '../db/index.ts';

/** Verified tokens kept per process (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

const USER_FOR_TOKEN_SQL = 'select users.*, exists (select 1 from revoked_tokens where jti = ?) as token_revoked from users where users.id = ?';

export type AuthState = { user?: User; tokenPayload?: { sub: string; tv: number } };

export class TokenService {
  private readonly key: Uint8Array;
  private readonly ttlHours: number;
  constructor(secret: string, ttlHours: number) {
    this.key = new TextEncoder().encode(secret);
    this.ttlHours = ttlHours;
  }

  /** A signed token with an id (`jti`, so logout can revoke this one token) and an expiry. */
  async issue(user: Pick<User, 'id' | 'tokenVersion'>, extra: Record<string, unknown> = {}, ttl = `${this.ttlHours}h`): Promise<string> {
    return new SignJWT({ tv: user.tokenVersion, ...extra })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(ttl)
      .sign(this.key);
  }

  /** Revokes one token until it would have expired anyway (logout). */
  async revoke(token: string): Promise<void> {
    const payload = await this.verify(token);
    if (!payload || typeof payload.jti !== 'string') return;
    const exp = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : new Date(Date.now() + this.ttlHours * 3600_000);
    const knex = User.knex();
    await knex('revoked_tokens').insert({ jti: payload.jti, expires_at: exp }).onConflict('jti').ignore();
    await knex('revoked_tokens').where('expires_at', '<', new Date()).delete();
  }

  /**
   * Tokens whose signature was checked, by token text: every request of a session carries the
   * same token, and the signature check (WebCrypto, a thread-pool round trip) was a large part of
   * a small call's cost. The expiry is checked again on each use; revocation is never cached.
   */
  private readonly verified = new Map<string, { sub: string; tv: number; exp?: number; [k: string]: unknown }>();

  async verify(token: string): Promise<{ sub: string; tv: number; [k: string]: unknown } | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (typeof known.exp === 'number' && known.exp * 1000 <= Date.now()) {
        this.verified.delete(token);
        return undefined;
      }
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, payload as { sub: string; tv: number });
      return payload as { sub: string; tv: number };
    } catch {
      return undefined;
    }
  }

  /** The user a token stands for, or undefined when it is invalid, expired or revoked. */
  async userFor(token: string | undefined): Promise<User | undefined> {
    if (!token) return undefined;
    const payload = await this.verify(token);
    if (!payload || payload.mfa) return undefined; // pending multi-factor or unconfirmed-login tokens open nothing
    // One round trip (a prepared statement): the user, and whether this token was revoked (logout).
    const jti = typeof payload.jti === 'string' ? payload.jti : null;
    const [row] = await preparedRows<Record<string, unknown> & { token_revoked: boolean }>(User.knex(), 'user-for-token', USER_FOR_TOKEN_SQL, [jti, Number(payload.sub)]);
    if (!row || row.token_revoked) return undefined;
    const { token_revoked: _, ...columns } = row; // not a column: never written back
    const user = User.fromDatabaseJson(camelRow(columns));
    // A lock is in force until its end date (spec 3 §4, §9: 30 days; -1 unlocks), checked on every
    // request: a locked user's tokens stop at once, and work again when the lock ends.
    if (user.tokenVersion !== payload.tv || lockedNow(user)) return undefined;
    return user;
  }
}

export function tokenFrom(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  if (header.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  // CSV exports and file links carry the token in the query (spec: `?access_token`).
  const q = ctx.query.access_token;
  return typeof q === 'string' && q ? q : undefined;
}

/** Sets ctx.state.user when a valid token is present; never rejects by itself. */
export function authenticate(tokens: TokenService) {
  return async function auth(ctx: Context, next: Next): Promise<void> {
    // A request signed with API keys (modules/api-clients/signed.ts) acts as the key's user.
    if (isSignedRequest(ctx)) {
      ctx.state.user = await signedRequestUser(ctx);
      return next();
    }
    const user = await tokens.userFor(tokenFrom(ctx));
    if (user) ctx.state.user = user;
    await next();
  };
}

export function currentUser(ctx: Context): User {
  const user = ctx.state.user as User | undefined;
  if (!user) throw unauthorized();
  return user;
}

export const requireUser = async (ctx: Context, next: Next) => {
  currentUser(ctx);
  await next();
};

/** Approved users: e-mail confirmed and holding Registered (or an admin role). */
export const requireRegistered = async (ctx: Context, next: Next) => {
  const user = currentUser(ctx);
  if (!(user.hasRole('Registered') || user.isAdmin)) throw forbidden();
  await next();
};

export function requireRole(...roles: Role[]) {
  return async (ctx: Context, next: Next) => {
    const user = currentUser(ctx);
    if (!roles.some((r) => user.hasRole(r))) throw forbidden();
    await next();
  };
}

export const requireAdmin = requireRole('Admin', 'PartialAdmin');
export const requireFullAdmin = requireRole('Admin');
