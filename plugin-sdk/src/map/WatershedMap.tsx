// The OpenLayers watershed map of the project pages (create page, project view, dashboard; spec 1
// §2, §4) and of the output maps (spec 2 'Output maps': a choropleth through `colouring`).
// Vector layers (outline, subbasins, streams, route arrows) never wait for base tiles: tiles
// come from public providers and may fail (no internet in tests) without touching the rest.
// Loaded lazily (`./index.tsx`): OpenLayers stays out of the shell's first bundle.
import 'ol/ol.css';
import { Checkbox, Group, SegmentedControl, Text } from '@mantine/core';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type { FeatureLike } from 'ol/Feature.js';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import type Polygon from 'ol/geom/Polygon.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorImageLayer from 'ol/layer/VectorImage.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { Circle, Fill, RegularShape, Stroke, Style, Text as TextStyle } from 'ol/style.js';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj.js';
import { getCenter, isEmpty, type Extent } from 'ol/extent.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { asGeoJson, parseBounds } from './geo.ts';
import { DEFAULT_TILE_PROVIDERS, type Connection, type FeatureProps, type LocationPoint, type WatershedMapProps } from './types.ts';

/** Map colours (spec 1 §9: kept in local storage), normal and high contrast. */
const PALETTES = {
  normal: { subbasin: 'rgba(51,136,255,0.25)', subbasinLine: '#1c6fd6', downstream: 'rgba(255,140,0,0.45)', nearby: 'rgba(140,140,140,0.15)', nearbyLine: '#8a8a8a', stream: '#0b3d91', selected: 'rgba(40,180,60,0.55)', outline: '#444' },
  high: { subbasin: 'rgba(255,255,0,0.55)', subbasinLine: '#000', downstream: 'rgba(255,0,0,0.7)', nearby: 'rgba(255,255,255,0.5)', nearbyLine: '#000', stream: '#0000ff', selected: 'rgba(0,200,0,0.8)', outline: '#000' },
};
const CONTRAST_KEY = 'hw.map.highContrast';

const geojson = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

function readFeatures(value: unknown): Feature[] {
  const g = asGeoJson(value);
  if (!g) return [];
  try {
    return geojson.readFeatures(g) as Feature[];
  } catch {
    return [];
  }
}

function interiorPoint(f: FeatureLike): number[] | undefined {
  const g = f.getGeometry();
  if (!g) return undefined;
  const t = g.getType();
  if (t === 'Polygon') return (g as Polygon).getInteriorPoint().getCoordinates().slice(0, 2);
  if (t === 'MultiPolygon') return (g as MultiPolygon).getInteriorPoints().getCoordinates()[0]?.slice(0, 2);
  return getCenter(g.getExtent());
}

/** Route arrows: each connection's line when it lies in the watershed, else centroid to centroid. */
function routeFeatures(connections: Connection[], subbasins: Feature[], extent: Extent | undefined): Feature[] {
  const byName = new Map<string, Feature>();
  for (const f of subbasins) byName.set(String(f.get('name') ?? f.get('id')), f);
  const inside = (c: number[]) => !extent || (c[0]! >= extent[0]! && c[0]! <= extent[2]! && c[1]! >= extent[1]! && c[1]! <= extent[3]!);
  const out: Feature[] = [];
  for (const c of connections) {
    let coords: number[][] | undefined;
    if (Array.isArray(c.lineCoordinates) && c.lineCoordinates.length >= 2) {
      for (const order of [false, true]) {
        const pts = c.lineCoordinates.map((p) => fromLonLat(order ? [p[1]!, p[0]!] : [p[0]!, p[1]!]));
        if (pts.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])) && pts.every(inside)) {
          coords = pts;
          break;
        }
      }
    }
    if (!coords) {
      const a = byName.get(String(c.fromName));
      const b = byName.get(String(c.toName));
      const pa = a && interiorPoint(a);
      const pb = b && interiorPoint(b);
      if (pa && pb) coords = [pa, pb];
    }
    if (coords) out.push(new Feature({ geometry: new LineString(coords) }));
  }
  return out;
}

export default function WatershedMap(props: WatershedMapProps) {
  const { outline, subbasins, streams, connections, showRouting, selectedIds, bounds, onClick, regions, points, onPointClick, tileProviders, height = 520, defaultCenter = [39.83, -98.58], defaultZoom = 5, colouring, testId = 'watershed-map' } = props;
  const tip = useRef<HTMLDivElement>(null);
  const target = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const [highContrast, setHighContrast] = useState(() => {
    try {
      return localStorage.getItem(CONTRAST_KEY) === '1';
    } catch {
      return false;
    }
  });
  const providers = tileProviders && tileProviders.length ? tileProviders : DEFAULT_TILE_PROVIDERS;
  const [base, setBase] = useState(() => String(Math.max(0, providers.findIndex((p) => p.visible))));
  const selected = useMemo(() => new Set(selectedIds ?? []), [selectedIds]);
  const [featureCount, setFeatureCount] = useState(0);

  // The map and its layers live for the component's lifetime; props update the sources.
  const parts = useMemo(() => {
    const outlineSource = new VectorSource();
    const subbasinSource = new VectorSource();
    const streamSource = new VectorSource();
    const routeSource = new VectorSource();
    const regionSource = new VectorSource();
    const pointSource = new VectorSource();
    const hoverSource = new VectorSource();
    return { outlineSource, subbasinSource, streamSource, routeSource, regionSource, pointSource, hoverSource };
  }, []);
  const mapRef = useRef<OlMap | null>(null);
  const layersRef = useRef<{ tiles: TileLayer[]; subbasins: VectorImageLayer | null; streams: VectorLayer | null; routes: VectorLayer | null; outline: VectorLayer | null; regions: VectorLayer | null; points: VectorLayer | null }>({
    tiles: [],
    subbasins: null,
    streams: null,
    routes: null,
    outline: null,
    regions: null,
    points: null,
  });
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  const pointClickRef = useRef(onPointClick);
  pointClickRef.current = onPointClick;
  const [showRegions, setShowRegions] = useState(false);
  const [showPoints, setShowPoints] = useState(true);
  const styleState = useRef({ highContrast, selected, colouring });
  styleState.current = { highContrast, selected, colouring };

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const cache = new Map<string, Style>();
    const props = (f: FeatureLike) => f.getProperties() as FeatureProps;
    // Output maps: the fill (and label) of each subbasin from its value.
    const choroplethStyle = (f: FeatureLike, c: NonNullable<WatershedMapProps['colouring']>) => {
      const p = props(f);
      const fill = c.subbasinFill?.(p) ?? 'rgba(0,0,0,0)';
      const text = c.label?.(p);
      const key = `c:${fill}:${text ?? ''}`;
      let s = cache.get(key);
      if (!s) {
        s = new Style({
          fill: new Fill({ color: fill }),
          stroke: new Stroke({ color: '#555', width: 1 }),
          ...(text ? { text: new TextStyle({ text, font: '12px sans-serif', fill: new Fill({ color: '#111' }), stroke: new Stroke({ color: '#fff', width: 3 }), overflow: true }) } : {}),
        });
        if (cache.size > 5000) cache.clear();
        cache.set(key, s);
      }
      return s;
    };
    const subbasinStyle = (f: FeatureLike) => {
      const { highContrast: hc, selected: sel, colouring: c } = styleState.current;
      if (c?.subbasinFill) return choroplethStyle(f, c);
      const pal = hc ? PALETTES.high : PALETTES.normal;
      const kind = sel.has(Number(f.get('id'))) ? 'selected' : f.get('isDownstream') ? 'downstream' : f.get('isNearbyOnly') ? 'nearby' : 'subbasin';
      const key = `${hc}:${kind}`;
      let s = cache.get(key);
      if (!s) {
        const fill = kind === 'selected' ? pal.selected : kind === 'downstream' ? pal.downstream : kind === 'nearby' ? pal.nearby : pal.subbasin;
        const line = kind === 'nearby' ? pal.nearbyLine : pal.subbasinLine;
        s = new Style({ fill: new Fill({ color: fill }), stroke: new Stroke({ color: line, width: hc ? 2 : 1 }) });
        cache.set(key, s);
      }
      return s;
    };
    const streamStyle = (f: FeatureLike) => {
      const stroke = styleState.current.colouring?.streamStroke?.(props(f));
      if (stroke) {
        const key = `s:${stroke.color}:${stroke.width ?? 2}`;
        let s = cache.get(key);
        if (!s) cache.set(key, (s = new Style({ stroke: new Stroke({ color: stroke.color, width: stroke.width ?? 2 }) })));
        return s;
      }
      const pal = styleState.current.highContrast ? PALETTES.high : PALETTES.normal;
      const key = `stream:${styleState.current.highContrast}`;
      let s = cache.get(key);
      if (!s) cache.set(key, (s = new Style({ stroke: new Stroke({ color: pal.stream, width: 2 }) })));
      return s;
    };
    const routeStyle = (f: FeatureLike) => {
      const geom = f.getGeometry() as LineString;
      const coords = geom.getCoordinates();
      const end = coords[coords.length - 1]!;
      const prev = coords[coords.length - 2]!;
      const angle = Math.atan2(end[1]! - prev[1]!, end[0]! - prev[0]!);
      return [
        new Style({ stroke: new Stroke({ color: '#d6336c', width: 2 }) }),
        new Style({
          geometry: new Point(end),
          image: new RegularShape({ points: 3, radius: 7, fill: new Fill({ color: '#d6336c' }), rotation: Math.PI / 2 - angle }),
        }),
      ];
    };
    const tiles = providers.map(
      (p, i) =>
        new TileLayer({
          visible: String(i) === base,
          source: new XYZ({ url: p.url, attributions: p.attribution, crossOrigin: 'anonymous', transition: 0 }),
        }),
    );
    const outlineLayer = new VectorLayer({
      source: parts.outlineSource,
      style: new Style({ stroke: new Stroke({ color: PALETTES.normal.outline, width: 2, lineDash: [6, 4] }) }),
    });
    const subbasinLayer = new VectorImageLayer({ source: parts.subbasinSource, style: subbasinStyle, imageRatio: 1.5 });
    const streamLayer = new VectorLayer({ source: parts.streamSource, style: streamStyle });
    const routeLayer = new VectorLayer({ source: parts.routeSource, style: routeStyle });
    const regionLayer = new VectorLayer({ source: parts.regionSource, visible: false, style: new Style({ stroke: new Stroke({ color: '#7048e8', width: 2, lineDash: [2, 6] }) }) });
    const pointStyles = new Map<string, Style>();
    const pointLayer = new VectorLayer({
      source: parts.pointSource,
      style: (f) => {
        // Calibration marker colours differ by calibration name (spec 1 §9).
        const key = String(f.get('colorKey') ?? '');
        let st = pointStyles.get(key);
        if (!st) {
          let h = 0;
          for (const c of key) h = (h * 31 + c.charCodeAt(0)) % 360;
          st = new Style({ image: new Circle({ radius: 7, fill: new Fill({ color: `hsl(${h}, 70%, 45%)` }), stroke: new Stroke({ color: '#fff', width: 2 }) }) });
          pointStyles.set(key, st);
        }
        return st;
      },
    });
    // The feature under the pointer, filled with the colouring's hover colour.
    const hoverLayer = new VectorLayer({
      source: parts.hoverSource,
      style: (f) => {
        const c = styleState.current.colouring;
        const colour = c?.hoverColor ?? 'rgba(0,0,0,0)';
        return f.getGeometry()?.getType().includes('Line') ? new Style({ stroke: new Stroke({ color: colour, width: 5 }) }) : new Style({ fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#333', width: 2 }) });
      },
    });
    layersRef.current = { tiles, subbasins: subbasinLayer, streams: streamLayer, routes: routeLayer, outline: outlineLayer, regions: regionLayer, points: pointLayer };
    const map = new OlMap({
      target: el,
      layers: [...tiles, regionLayer, outlineLayer, subbasinLayer, hoverLayer, streamLayer, routeLayer, pointLayer],
      view: new View({ center: fromLonLat([defaultCenter[1], defaultCenter[0]]), zoom: defaultZoom }),
    });
    mapRef.current = map;
    map.on('pointermove', (e) => {
      const [lng, lat] = toLonLat(e.coordinate);
      if (readout.current) readout.current.textContent = `${lat!.toFixed(5)}, ${lng!.toFixed(5)}`;
      const c = styleState.current.colouring;
      if (!c || e.dragging) return;
      const hit = (map.forEachFeatureAtPixel(e.pixel, (f) => f, { layerFilter: (l) => l === streamLayer, hitTolerance: 3 }) ??
        parts.subbasinSource.getFeaturesAtCoordinate(e.coordinate)[0]) as Feature | undefined;
      const current = parts.hoverSource.getFeatures()[0];
      if (current?.get('source') !== hit) {
        parts.hoverSource.clear();
        if (hit && c.hoverColor) parts.hoverSource.addFeature(new Feature({ geometry: hit.getGeometry()?.clone(), source: hit }));
      }
      const text = hit ? c.tooltip?.(props(hit)) : undefined;
      if (tip.current) {
        tip.current.style.display = text ? 'block' : 'none';
        if (text) {
          tip.current.textContent = text;
          tip.current.style.left = `${e.pixel[0]! + 12}px`;
          tip.current.style.top = `${e.pixel[1]! + 12}px`;
        }
      }
    });
    map.on('singleclick', (e) => {
      const point = map.forEachFeatureAtPixel(e.pixel, (f) => f, { layerFilter: (l) => l === pointLayer, hitTolerance: 4 });
      if (point && pointClickRef.current) return pointClickRef.current(point.get('point') as LocationPoint);
      const [lng, lat] = toLonLat(e.coordinate);
      const hit = parts.subbasinSource.getFeaturesAtCoordinate(e.coordinate)[0];
      const sub = hit ? { id: Number(hit.get('id')), name: String(hit.get('name') ?? hit.get('id')), isNearbyOnly: !!hit.get('isNearbyOnly') } : undefined;
      clickRef.current?.({ lat: lat!, lng: lng!, subbasin: sub });
    });
    // data-drawn: the last frame that drew the watershed's features; data-rendered: the map is
    // complete (base tiles loaded or failed too) — tests and benchmarks wait on them
    map.on('postrender', () => {
      if (parts.subbasinSource.getFeatures().length) el.setAttribute('data-drawn', String(Date.now()));
    });
    map.on('rendercomplete', () => el.setAttribute('data-rendered', String(Date.now())));
    // leaving the map ends the hover
    const leave = () => {
      parts.hoverSource.clear();
      if (tip.current) tip.current.style.display = 'none';
    };
    el.addEventListener('mouseleave', leave);
    return () => {
      el.removeEventListener('mouseleave', leave);
      map.setTarget(undefined);
      mapRef.current = null;
    };
    // The map is built once; providers are read at creation (site settings load before).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parts]);

  // Overlays: region boundaries and calibration locations.
  useEffect(() => {
    parts.regionSource.clear();
    const fs = readFeatures(regions);
    if (fs.length) parts.regionSource.addFeatures(fs);
  }, [regions, parts]);
  useEffect(() => {
    parts.pointSource.clear();
    const fs = (points ?? [])
      .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng))
      .map((p) => new Feature({ geometry: new Point(fromLonLat([p.lng, p.lat])), point: p, colorKey: p.calibrations?.map((c) => c.name).join('|') ?? p.name ?? '' }));
    parts.pointSource.addFeatures(fs);
  }, [points, parts]);
  useEffect(() => {
    layersRef.current.regions?.setVisible(showRegions);
    layersRef.current.points?.setVisible(showPoints);
  }, [showRegions, showPoints]);

  // Base layer switch.
  useEffect(() => {
    layersRef.current.tiles.forEach((t, i) => t.setVisible(String(i) === base));
  }, [base]);

  // Output maps: restyle when the colours change.
  useEffect(() => {
    layersRef.current.subbasins?.changed();
    layersRef.current.streams?.changed();
  }, [colouring?.key]);

  // Restyle on contrast or selection change.
  useEffect(() => {
    layersRef.current.subbasins?.changed();
    layersRef.current.streams?.changed();
    try {
      localStorage.setItem(CONTRAST_KEY, highContrast ? '1' : '0');
    } catch {
      /* storage unavailable */
    }
  }, [highContrast, selected]);

  const fit = (extent: Extent | undefined | null) => {
    const map = mapRef.current;
    if (!map || !extent || isEmpty(extent) || !extent.every(Number.isFinite)) return false;
    map.getView().fit(extent, { padding: [24, 24, 24, 24], maxZoom: 15, duration: 0 });
    return true;
  };

  // Outline (dataset study area).
  useEffect(() => {
    parts.outlineSource.clear();
    const fs = readFeatures(outline);
    if (fs.length) parts.outlineSource.addFeatures(fs);
    if (!subbasins && fs.length) fit(parts.outlineSource.getExtent());
    else if (!subbasins && !fs.length) {
      const b = parseBounds(bounds);
      if (b) fit(transformExtent(b, 'EPSG:4326', 'EPSG:3857'));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outline, parts]);

  // Subbasins and streams of the watershed.
  useEffect(() => {
    parts.subbasinSource.clear();
    parts.streamSource.clear();
    parts.hoverSource.clear();
    const fs = readFeatures(subbasins);
    parts.subbasinSource.addFeatures(fs);
    setFeatureCount(fs.length);
    const ss = readFeatures(streams);
    if (ss.length) parts.streamSource.addFeatures(ss);
    if (fs.length) {
      // The watershed proper (not the nearby-only neighbours) decides the view.
      const own = fs.filter((f) => !f.get('isNearbyOnly'));
      const ext = (own.length ? own : fs).reduce<Extent | null>((acc, f) => {
        const e = f.getGeometry()?.getExtent();
        if (!e) return acc;
        return acc ? [Math.min(acc[0]!, e[0]!), Math.min(acc[1]!, e[1]!), Math.max(acc[2]!, e[2]!), Math.max(acc[3]!, e[3]!)] : [...e];
      }, null);
      if (!fit(ext)) fit(parts.subbasinSource.getExtent());
    } else {
      const b = parseBounds(bounds);
      if (b) fit(transformExtent(b, 'EPSG:4326', 'EPSG:3857'));
      else if (parts.outlineSource.getFeatures().length) fit(parts.outlineSource.getExtent());
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subbasins, streams, parts]);

  // Route arrows.
  useEffect(() => {
    parts.routeSource.clear();
    if (!showRouting || !connections?.length) return;
    const fs = parts.subbasinSource.getFeatures();
    const ext = fs.length ? parts.subbasinSource.getExtent() : undefined;
    parts.routeSource.addFeatures(routeFeatures(connections, fs, ext ?? undefined));
  }, [showRouting, connections, subbasins, parts]);

  const hasRegions = useMemo(() => (asGeoJson(regions)?.features?.length ?? 0) > 0, [regions]);

  return (
    <div>
      <div style={{ position: 'relative' }}>
        <div
          ref={target}
          data-testid={testId}
          data-features={featureCount}
          style={{ height, width: '100%', position: 'relative', background: '#e9eef3', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, cursor: onClick ? 'pointer' : undefined }}
        />
        <div
          ref={tip}
          data-testid={`${testId}-tooltip`}
          style={{ position: 'absolute', display: 'none', pointerEvents: 'none', zIndex: 2, background: 'rgba(255,255,255,0.95)', border: '1px solid #999', borderRadius: 3, padding: '2px 6px', fontSize: 12, whiteSpace: 'nowrap' }}
        />
      </div>
      <Group justify="space-between" mt={4} gap="xs">
        <SegmentedControl size="xs" value={base} onChange={setBase} data={providers.map((p, i) => ({ value: String(i), label: p.name }))} aria-label="Base layer" />
        <Group gap="sm">
          {!!points?.length && <Checkbox size="xs" label="Calibration locations" checked={showPoints} onChange={(e) => setShowPoints(e.currentTarget.checked)} data-testid="map-points" />}
          {hasRegions && <Checkbox size="xs" label="Region boundaries" checked={showRegions} onChange={(e) => setShowRegions(e.currentTarget.checked)} data-testid="map-regions" />}
          <Checkbox size="xs" label="High contrast" checked={highContrast} onChange={(e) => setHighContrast(e.currentTarget.checked)} data-testid="map-contrast" />
          <Text size="xs" c="dimmed" miw={150} ta="right">
            <span ref={readout} data-testid="map-cursor">
              —
            </span>
          </Text>
        </Group>
      </Group>
    </div>
  );
}
