import { authorizedUrl, useApiQuery, type PluginListing } from '@headwater/plugin-sdk';
import type { TileProvider } from './types.ts';

type SiteSettings = { customTileProviders?: TileProvider[] | null; customMapBounds?: [number, number] | null; customMapZoom?: number | null };

/** Tile providers and the default view from the site settings (public defaults otherwise). */
export function useMapSettings() {
  const q = useApiQuery<{ siteSettings?: SiteSettings }>('datasets/websitetext', { staleTime: 5 * 60_000 });
  const s = q.data?.siteSettings;
  return {
    ready: !q.isLoading,
    tileProviders: s?.customTileProviders ?? null,
    center: s?.customMapBounds ?? undefined,
    zoom: s?.customMapZoom ?? undefined,
  };
}

/** Whether some enabled plugin declares a route (links to pages of other issues hide until then). */
export function useHasRoute() {
  const plugins = useApiQuery<PluginListing[]>('plugins', { staleTime: 60_000 });
  return (path: string) => !!plugins.data?.some((p) => p.routes.some((r) => r.path === path));
}

/** A link to an API path or file url: API paths get the token (spec 1 §7 `?access_token`). */
export function fileHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https?:/.test(url) || url.includes('access_token=')) return url;
  if (url.startsWith('/api/') || !url.startsWith('/')) return authorizedUrl(url);
  return url;
}
