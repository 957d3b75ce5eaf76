// The enabled plugins as the shell lists them (GET plugins), and route references resolved
// against them: a link to a page another plugin owns shows only while that plugin is enabled.
// One cache entry for the shell and every plugin (query key `['api', 'plugins']`).
import { useCallback } from 'react';
import { useApiQuery } from './api/hooks.ts';
import type { PluginListing } from './manifest.ts';
import { resolveRouteRef, type RouteLinker, type RouteRef } from './routes.ts';

/** GET plugins: the enabled plugins visible to this user. */
export function usePluginListing() {
  return useApiQuery<PluginListing[]>('plugins', { staleTime: 60_000 });
}

/** A route reference resolved: a path builder, or undefined while the plugin list loads and
 * when no enabled plugin declares the route (draw no link then). */
export function useRouteRef<P extends string>(ref: RouteRef<P>): RouteLinker<P> | undefined {
  const plugins = usePluginListing();
  return resolveRouteRef(plugins.data, ref);
}

/** For a page with several links: `const link = useLinks(); link(ROUTES.ProjectView, { id })` is
 * the path, or undefined when the target page's plugin is not enabled (draw no link then). */
export function useLinks(): <P extends string>(ref: RouteRef<P>, ...args: Parameters<RouteLinker<P>>) => string | undefined {
  const plugins = usePluginListing();
  return useCallback(
    <P extends string>(ref: RouteRef<P>, ...args: Parameters<RouteLinker<P>>) => (resolveRouteRef(plugins.data, ref) as ((...a: unknown[]) => string) | undefined)?.(...args),
    [plugins.data],
  );
}
