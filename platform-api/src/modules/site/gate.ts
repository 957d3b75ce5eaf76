// The site settings that take effect on every request (issue 20): `isOffline` answers 503 to
// every API call but those of administrators and the few a visitor needs to see the site-down
// page and for an administrator to sign in; `apiConnectivityEnabled` off answers 503 to requests
// signed with API keys (the programmatic API of spec 3 §2.4) unless the key is an administrator's.
// Settings are read at most once a second per process (a save in this process clears it at once).
import type { Context, Next } from 'koa';
import type { User } from '../users/models.ts';
import { isSignedRequest } from '../api-clients/signed.ts';
import { readSiteSettings } from './service.ts';

export const OFFLINE_MESSAGE = 'The site is offline for maintenance. Please try again later.';
export const API_DISABLED_MESSAGE = 'API access is turned off for this site at the moment. Please try again later.';
const CACHE_MS = 1000;

/** Calls that stay open while offline: sign-in and the session, the site text (which carries
 * isOffline for the shell), the plugin registry the shell loads, health checks. */
const OPEN_WHILE_OFFLINE = [/^\/api\/auth\//, /^\/api\/datasets\/websitetext/, /^\/api\/plugins\/?$/, /^\/api\/health/];

let cached: { at: number; isOffline: boolean; apiConnectivityEnabled: boolean } | null = null;

/** After a save: the next request reads the settings again. */
export function forgetGateSettings(): void {
  cached = null;
}

async function gateSettings() {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached;
  const s = await readSiteSettings();
  cached = { at: Date.now(), isOffline: s.isOffline, apiConnectivityEnabled: s.apiConnectivityEnabled };
  return cached;
}

export function siteGate() {
  return async function gate(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith('/api/')) return next();
    const user = ctx.state.user as User | undefined;
    if (user?.isAdmin) return next();
    const s = await gateSettings();
    if (s.isOffline && !OPEN_WHILE_OFFLINE.some((r) => r.test(ctx.path))) {
      ctx.status = 503;
      ctx.body = OFFLINE_MESSAGE;
      return;
    }
    if (!s.apiConnectivityEnabled && isSignedRequest(ctx)) {
      ctx.status = 503;
      ctx.body = API_DISABLED_MESSAGE;
      return;
    }
    await next();
  };
}
