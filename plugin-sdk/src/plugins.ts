// The enabled plugins as the shell lists them (GET plugins), for links to pages that other
// plugins own: a link shows only when some enabled plugin declares its route. One cache entry
// for the shell and every plugin (query key `['api', 'plugins']`).
import { useApiQuery } from './api/hooks.ts';
import type { PluginListing } from './manifest.ts';

/** GET plugins: the enabled plugins visible to this user. */
export function usePluginListing() {
  return useApiQuery<PluginListing[]>('plugins', { staleTime: 60_000 });
}

/** Whether one of `plugins` declares the route `path` (as written in its manifest, e.g. `/projects/:id/scenarios`). */
export function hasRoute(plugins: PluginListing[] | undefined, path: string): boolean {
  return !!plugins?.some((p) => p.routes.some((r) => r.path === path));
}

/** `hasRoute` over the enabled plugins; false while the list loads. */
export function useHasRoute(): (path: string) => boolean {
  const plugins = usePluginListing();
  return (path) => hasRoute(plugins.data, path);
}
