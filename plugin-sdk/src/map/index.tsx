// The watershed map for every page that draws the project's subbasins: the projects pages and
// the output maps. `WatershedMap` is lazy — OpenLayers (and its CSS) load with the first map,
// never with the shell — and brings its own Suspense fallback. `preloadWatershedMap()` starts
// that load early (a page that will show a map calls it while its data loads).
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useApiQuery } from '../api/hooks.ts';
import type { TileProvider, WatershedMapProps } from './types.ts';

const load = () => import('./WatershedMap.tsx');
const LazyMap = lazy(load);

/** Starts loading the map's code (OpenLayers) without drawing anything. */
export function preloadWatershedMap(): void {
  void load();
}

/** The OpenLayers watershed map (subbasins, streams, routing, calibration points, and the output
 * maps' colouring), loaded on first use. */
export function WatershedMap(props: WatershedMapProps) {
  return (
    <Suspense
      fallback={
        <Center h={typeof props.height === 'number' ? props.height : 320} data-testid="watershed-map-loading">
          <Loader />
        </Center>
      }
    >
      <LazyMap {...props} />
    </Suspense>
  );
}

type SiteMapSettings = { customTileProviders?: TileProvider[] | null; customMapBounds?: [number, number] | null; customMapZoom?: number | null };

/** Tile providers and the default view from the site settings (public defaults otherwise). */
export function useMapSettings() {
  const q = useApiQuery<{ siteSettings?: SiteMapSettings }>('datasets/websitetext', { staleTime: 5 * 60_000 });
  const s = q.data?.siteSettings;
  return {
    ready: !q.isLoading,
    tileProviders: s?.customTileProviders ?? null,
    center: s?.customMapBounds ?? undefined,
    zoom: s?.customMapZoom ?? undefined,
  };
}

export * from './types.ts';
export { asGeoJson, parseBounds } from './geo.ts';
