import { useApiQuery } from '@headwater/plugin-sdk';
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
